"""Behaviour Simulation Service: an independent implementation written from the interface spec alone."""
