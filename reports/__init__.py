"""reports: the report layer: headlines and their labels, site pages, what-if wording and charts, the notebook kit.

Generated pages go to `reports/html/` (git-ignored).
"""

from pathlib import Path

DEFAULT_OUT = Path("reports/html")
"""Where generated pages go unless a command is told otherwise (git-ignored)."""
