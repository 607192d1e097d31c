scores
