"""The training loop's policy computes only the legal actions' logits; they
and their log-probabilities are those of the full masked head."""

from __future__ import annotations

from heavy_support import needs


def test_legal_logits_match_the_full_masked_head() -> None:
    needs("torch")
    import torch

    from racegames.train.ppo import Agent, LegalActions

    torch.manual_seed(0)
    agent = Agent(20, 300, 32)
    obs = torch.randn(9, 20)
    mask = torch.rand(9, 300) < 0.05
    mask[:, 3] = True
    mask[8] = False
    mask[8, 0] = True  # a finished row: action 0 alone
    legal = LegalActions(mask)
    assert legal.index.shape[1] == int(mask.sum(1).max())
    assert (legal.valid.sum(1) == mask.sum(1)).all()
    full, value = agent.logits_and_value(obs, mask)
    part, value2 = agent.legal_logits_and_value(obs, legal)
    assert torch.allclose(value, value2)
    assert torch.allclose(full.gather(1, legal.index)[legal.valid], part[legal.valid], atol=1e-5)
    actions = torch.where(mask[:, 3], 3, 0)
    position = legal.position(actions)
    assert (legal.index.gather(1, position.unsqueeze(1)).squeeze(1) == actions).all()
    want = torch.log_softmax(full, 1).gather(1, actions.unsqueeze(1))
    got = torch.log_softmax(part, 1).gather(1, position.unsqueeze(1))
    assert torch.allclose(want, got, atol=1e-5)


def test_a_minibatch_keeps_its_rows_legal_actions() -> None:
    needs("torch")
    import torch

    from racegames.train.ppo import LegalActions

    torch.manual_seed(1)
    mask = torch.rand(12, 50) < 0.2
    mask[:, 7] = True
    legal = LegalActions(mask)
    rows = torch.tensor([10, 2, 5])
    part = legal.rows(rows)
    for i, row in enumerate(rows.tolist()):
        assert set(part.index[i][part.valid[i]].tolist()) == set(mask[row].nonzero().flatten().tolist())
