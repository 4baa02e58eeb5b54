"""The report kit: what the notebooks (and the index) use to chart and word the warehouse's numbers."""
