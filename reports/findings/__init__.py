"""The index's headline findings, their robustness labels and the example games that show them."""
