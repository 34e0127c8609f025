// Does nothing: the baseline of what every worker loads.
