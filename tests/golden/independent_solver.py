# The independent check behind tests/golden/ezmrnubeslospaon.txt: a plain
# Python search over every path, pruned on a set of prefixes, against
# dictionaries/en.txt. Run from the repository root:
#   python3 tests/golden/independent_solver.py > tests/golden/ezmrnubeslospaon.txt
import sys
board = "ezmrnubeslospaon"
words = [w.strip() for w in open("dictionaries/en.txt")]
prefixes = set()
wordset = set(words)
for w in words:
    for i in range(1, len(w)+1):
        prefixes.add(w[:i])
n = 4
found = set()
def dfs(cell, used, s):
    tile = board[cell]
    s2 = s + ("qu" if tile == "q" else tile)
    if s2 not in prefixes: return
    if len(s2) >= 3 and s2 in wordset: found.add(s2)
    r, c = divmod(cell, n)
    for dr in (-1,0,1):
        for dc in (-1,0,1):
            rr, cc = r+dr, c+dc
            if (dr or dc) and 0 <= rr < n and 0 <= cc < n:
                nb = rr*n+cc
                if nb not in used:
                    dfs(nb, used | {nb}, s2)
for cell in range(16):
    dfs(cell, {cell}, "")
def score(w):
    l = len(w)
    return {3:1,4:1,5:2,6:3,7:5}.get(l, 11)
ws = sorted(found, key=lambda w: (-score(w), w))
for w in ws: print(score(w), w)
print(len(ws), sum(map(score, ws)), file=sys.stderr)
