"""The MCR rule set: fan table, detectors, exclusions and scoring."""
