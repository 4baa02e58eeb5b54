"""warehouse layer."""
