# The lwIP patch series: make apply/revert, patched trees, test variants.
