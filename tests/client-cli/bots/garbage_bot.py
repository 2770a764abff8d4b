"""A bot that answers its first request with text that is not a move."""
import sys

for line in sys.stdin:
    print("hello there, I am not JSON", flush=True)
