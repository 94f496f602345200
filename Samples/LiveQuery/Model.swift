// LiveQuery sample: coming next.
