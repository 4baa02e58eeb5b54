"""balance engine: event-sourced rules for the three games, and their agents."""
