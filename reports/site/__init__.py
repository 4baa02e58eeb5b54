"""The report site's own pages (the index and its sections) and the navigation between all pages."""
