// The built-in players think here, off the page's thread, so that the page
// never freezes. A message {id, game, params, notation, player, seed,
// options} asks for one decision; the answer is {id, action} or
// {id, error}. The page ends this worker when its time limit passes.
import init, { makeGame, makePlayer } from "./pkg/racegames.js";

const ready = init();
const games = new Map();

self.onmessage = async (event) => {
  const job = event.data;
  try {
    await ready;
    const key = JSON.stringify([job.game, job.params]);
    if (!games.has(key)) games.set(key, makeGame(job.game, job.params));
    const game = games.get(key);
    const state = game.stateFromNotation(job.notation);
    const player = makePlayer(job.player, game, { ...job.options, seed: job.seed });
    const started = performance.now();
    const action = player.act(state);
    const ms = performance.now() - started;
    player.free();
    state.free();
    self.postMessage({ id: job.id, action, ms });
  } catch (e) {
    self.postMessage({ id: job.id, error: `${e && e.name}: ${e && e.message}` });
  }
};
