"""The reference task (sum of the squares of 1..12) as a Python program, stdlib only: a planner
splits the numbers, three workers square and add their chunk, an aggregator adds the partial
sums, a verifier approves or rejects. The agents are told apart only by their system prompts
(those the reference model in demo-mas/llm knows). The LLM endpoint comes from OPENAI_BASE_URL.
Exit code 0 when the approved total is 650.
"""
import json
import os
import re
import sys
import urllib.request

BASE = os.environ.get("OPENAI_BASE_URL", "https://api.openai.com/v1").rstrip("/")
KEY = os.environ.get("OPENAI_API_KEY", "")

PLANNER = "You are the planner of a team that computes sums of squares. Split the numbers into contiguous chunks, one per worker. Reply with only a JSON array of arrays of numbers."
AGGREGATOR = 'You are the aggregator. Add up the partial sums the workers report. Reply in one sentence: "The total of the partial sums is <total>."'
VERIFIER = "You are the verifier. Check that the aggregator's total equals the sum of the workers' partial sums. Reply APPROVED or REJECTED, then one short reason."


def worker(name):
    return f'You are {name}. Compute the sum of the squares of the numbers in your chunk of the plan. Reply in one sentence: "The sum of the squares of <numbers> is <result>."'


def chat(system, user):
    body = {"model": "reference", "temperature": 0, "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}]}
    req = urllib.request.Request(BASE + "/chat/completions", data=json.dumps(body).encode(), headers={"content-type": "application/json", "authorization": "Bearer " + KEY})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.load(r)["choices"][0]["message"]["content"] or ""


def last_number(text):
    found = re.findall(r"-?\d+", text.replace(",", ""))
    return int(found[-1]) if found else None


numbers = list(range(1, 13))
names = ["worker_1", "worker_2", "worker_3"]
plan = chat(PLANNER, f"Numbers: {', '.join(map(str, numbers))}. Workers: {len(names)}.")
replies = [f"{w}: {chat(worker(w), f'Plan: {plan}' + chr(10) + f'Take chunk {k + 1} of {len(names)}.')}" for k, w in enumerate(names)]
total = chat(AGGREGATOR, "\n".join(replies))
verdict = chat(VERIFIER, "\n".join(replies) + "\naggregator: " + total)
answer = last_number(total) if verdict.strip().upper().startswith("APPROVED") else None
print(f"answer: {answer}")
sys.exit(0 if answer == 650 else 1)
