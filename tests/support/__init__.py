"""Test support: the pymahjonggb differential oracle and a seeded random hand generator."""
