"""One module per `balance` subcommand."""
