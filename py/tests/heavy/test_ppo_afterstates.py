"""The afterstate policy's ragged batches: a minibatch's rows keep their own
afterstates, and the padded logits are each row's scores in order."""

from __future__ import annotations

from heavy_support import needs


def test_a_minibatch_keeps_each_rows_afterstates() -> None:
    needs("torch")
    import torch

    from racegames.train.afterstates import MASKED, AfterstateAgent, Afterstates

    torch.manual_seed(0)
    agent = AfterstateAgent(6, 16)
    counts = torch.tensor([3, 1, 4, 2])
    obs = torch.randn(int(counts.sum()), 6)
    terminal = torch.full((int(counts.sum()),), float("nan"))
    terminal[5] = 1.0  # row 2's second move wins
    batch = Afterstates.cat([Afterstates(counts[:2], obs[:4], terminal[:4]), Afterstates(counts[2:], obs[4:], terminal[4:])])
    with torch.no_grad():
        logits = batch.logits(agent)
        scores = agent.scores(obs, terminal)
    assert logits.shape == (4, 4)
    start = 0
    for row, k in enumerate(counts.tolist()):
        assert torch.allclose(logits[row, :k], scores[start : start + k])
        assert (logits[row, k:] == MASKED).all()
        start += k
    assert logits[2, 1] == 20.0
    index = torch.tensor([2, 0])
    with torch.no_grad():
        part = batch.rows(index).logits(agent)
    assert torch.allclose(part[0], logits[2])
    assert torch.allclose(part[1, :3], logits[0, :3]) and (part[1, 3:] == MASKED).all()


def _assert_exported_policy_plays_as_the_agent(tmp_path, name: str, turns: bool, seed: int) -> None:
    """An untrained agent, exported, picks natively what its torch scores
    pick, wherever the top two scores are clear apart. A fresh player each
    time: a turns player otherwise follows the plan of an earlier position."""
    import numpy as np
    import torch

    import racegames
    from racegames import players
    from racegames.train.afterstates import AfterstateAgent, Afterstates
    from racegames.vector import VectorEnv

    torch.manual_seed(seed)
    game = racegames.make_game(name)
    agent = AfterstateAgent(int(np.prod(game.observation_tensor_shape())), 32, turns=turns)
    path = tmp_path / "a.rgpl"
    agent.export(path, name, game.num_distinct_actions())
    env = VectorEnv(name, 8, seed=seed + 1, opponent="random", seat="random", observation="flat")
    _, infos = env.reset(seed=seed + 1)
    agreed = 0
    for _ in range(40):
        after = Afterstates.of(env, turns=turns)
        with torch.no_grad():
            logits = after.logits(agent)
        best = after.chosen(logits.argmax(-1)).numpy()
        top = logits.topk(2, dim=1).values if logits.shape[1] > 1 else None
        for i in range(env.num_envs):
            clear = top is None or float(top[i, 0] - top[i, 1]) > 1e-4
            if infos["current_player"][i] >= 0 and clear:
                player = players.make_player("policy", game, path=str(path))
                assert player.act(env.state(i)) == best[i]
                agreed += 1
        _, _, _, _, infos = env.step(env.random_actions())
    assert agreed > 100


def test_the_exported_afterstate_policy_plays_as_the_agent(tmp_path) -> None:
    needs("torch")
    _assert_exported_policy_plays_as_the_agent(tmp_path, "daldos", turns=False, seed=1)


def test_the_exported_turns_policy_heads_for_the_agents_best_end(tmp_path) -> None:
    needs("torch")
    _assert_exported_policy_plays_as_the_agent(tmp_path, "backgammon", turns=True, seed=3)


def test_a_chosen_ply_is_played_out_then_dropped() -> None:
    needs("torch")
    import numpy as np

    from racegames.train.ppo import Plans

    plans = Plans(3)
    mask = np.ones((3, 10), dtype=np.int8)
    none = np.zeros(3, dtype=bool)
    assert not plans.forced(none, mask).any()
    plans.next_actions()
    plans.choose(np.array([0, 2]), np.array([[4, 5, 6], [7, -1, -1]]))
    assert plans.forced(none, mask).tolist() == [True, False, False]
    assert plans.next_actions()[0] == 5
    # An ended episode drops its plan; so does an action gone illegal.
    mask[0, 6] = 0
    assert not plans.forced(none, mask).any()
    plans.choose(np.array([1]), np.array([[1, 2]]))
    assert not plans.forced(np.array([False, True, False]), mask).any()
