"""The paper table: an ids-only model over the Library's search, its columns and header, the
selection held as row ranges, and the search box that feeds it."""
