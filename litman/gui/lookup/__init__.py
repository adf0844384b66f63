"""Finding records online from the window: the Lookup menu, adding a paper by identifier, finding
and refreshing the selected papers' metadata, and the review dialog where a person accepts what
was found (typed against `host.Host`, what they use of the window)."""
