"""The compiled kernel of Les caprices du roi: the greedy estimate, greedy's values and the distilled policy's
features in C (`c/`, one file per Python file it mirrors), with Cython glue (`caprices_kernel.pyx`).

It makes exactly the decisions of `greedy` and `distilled` (`strong`) for the same view and random stream; the
agents use it when it is built (`engine/caprices/agents/kernel_agents.py`), and `python -m
simulate.caprices_differential` holds it against the Python agents state by state and game by game.
"""
