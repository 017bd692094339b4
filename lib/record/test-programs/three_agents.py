"""A three-agent pipeline in plain Python (stdlib only): planner -> solver -> reviewer.

The agents are told apart only by their system prompts. The LLM endpoint comes from
OPENAI_BASE_URL, as with the OpenAI SDKs. Exit code 0 when the final answer is right.
"""
import json
import os
import sys
import urllib.request

BASE = os.environ.get("OPENAI_BASE_URL", "https://api.openai.com/v1").rstrip("/")
KEY = os.environ.get("OPENAI_API_KEY", "")

PLANNER = "You are the planner. Turn the task into one instruction of the form 'multiply A by B'."
SOLVER = "You are the solver. Carry out the instruction and answer 'ANSWER: <number>'."
REVIEWER = "You are the reviewer. Check the proposed answer and state 'FINAL: <number>'."


def chat(system, user, stream=False):
    body = {"model": "fake-1", "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}], "stream": stream}
    req = urllib.request.Request(BASE + "/chat/completions", data=json.dumps(body).encode(), headers={"content-type": "application/json", "authorization": "Bearer " + KEY})
    with urllib.request.urlopen(req, timeout=30) as r:
        if not stream:
            return json.load(r)["choices"][0]["message"]["content"]
        text = ""
        for raw in r:
            line = raw.decode().strip()
            if line.startswith("data: ") and line != "data: [DONE]":
                choices = json.loads(line[6:]).get("choices") or [{}]
                text += (choices[0].get("delta") or {}).get("content") or ""
        return text


task = "What is 6 times 7?"
plan = chat(PLANNER, task)
answer = chat(SOLVER, plan, stream=True)
final = chat(REVIEWER, "Task: " + task + "\nProposed: " + answer)
print(final)
sys.exit(0 if final.strip() == "FINAL: 42" else 1)
