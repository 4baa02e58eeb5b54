"""The report notebooks (jupytext percent scripts), shipped in the wheel as a package of their own.

`reports.report` finds them with `importlib.resources`, so an installed `balance report`
runs the same notebooks as a checkout; `make lab` opens this folder in JupyterLab.
Nothing imports them as modules.
"""
