import ChecklistKit

print("chk: see README.md")
