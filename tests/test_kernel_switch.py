"""One switch for every compiled kernel, and one message when a kernel is not built."""

from __future__ import annotations

import pytest

from engine.caprices.agents import kernel_agents
from engine.core.kernel import switch
from engine.gardens.agents import kernel as gardens_kernel


def test_every_kernel_is_built_in_the_test_environment() -> None:
    """`make test` builds the kernels: the agents under test are the compiled ones."""
    for module in ("engine.caprices.kernel.caprices_kernel", "engine.gardens.kernel.core",
                   "engine.gods.kernel.compiled", "engine.core.kernel.check"):
        assert switch.load(module, "test") is not None, module
    assert kernel_agents.kernel_in_use() and gardens_kernel.kernel_on()


def test_balance_kernels_off_switches_every_game_to_python(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(switch.SWITCH, "OFF")
    assert switch.switched_off()
    assert not kernel_agents.kernel_in_use() and not gardens_kernel.kernel_on()


def test_a_kernel_that_is_not_built_is_said_once(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(switch, "_said", set())
    assert switch.load("engine.core.kernel.not_built", "Nowhere") is None
    assert switch.load("engine.core.kernel.not_built", "Nowhere") is None
    err = capsys.readouterr().err
    assert err.count("the Nowhere kernel is not built") == 1 and "make" in err
