#!/bin/sh
# Save the plan as a scenario, change it, open the scenario again; a file
# changed on disk since is not overwritten until Enter is pressed again.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

j_start 100 30 "$J_REF --max-model-len 32768"
j_wait "vLLM starts."
j_keys s
j_wait "save the scenario to: scenario.yaml"
j_keys C-u a.yaml Enter
j_wait "saved the scenario a.yaml"
grep -q "^headroom-scenario: 1" "$J_WORK/a.yaml" || j_fail "no scenario written"
grep -q "^  max-model-len: 32768" "$J_WORK/a.yaml" || j_fail "flags missing: $(cat "$J_WORK/a.yaml")"
# a shorter request length, then back to the file
j_keys t C-u 4096 Enter
j_wait "4,096 ▶ tokens per request"
j_keys o
j_wait "open scenario, vLLM config or log: a.yaml"
j_keys Enter
j_wait "opened the scenario a.yaml"
j_wait "32,768 ▶ tokens per request"
# someone edits the file: the save is refused, Enter again replaces it
echo "# edited elsewhere" >> "$J_WORK/a.yaml"
j_keys s
j_wait "save the scenario to: a.yaml"
j_keys Enter
j_wait "changed on disk since it was loaded"
grep -q "edited elsewhere" "$J_WORK/a.yaml" || j_fail "the edited file was lost"
j_keys Enter
j_wait "saved the scenario a.yaml"
grep -q "edited elsewhere" "$J_WORK/a.yaml" && j_fail "not replaced"
j_keys q
j_wait "headroom exited 0, terminal restored"
