"""The Four Gardens agents beyond random: greedy (one-ply), the search profile for ismcts, prefer-/avoid-tile."""
