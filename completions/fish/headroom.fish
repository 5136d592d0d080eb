# fish completion for headroom(1): options from `headroom --list options`,
# ids from `headroom --list ... --report json`.

function __headroom_ids
	headroom --list $argv[1] --report json 2>/dev/null | \
	    sed -n 's/^ *"'$argv[2]'": "\([^"]*\)",\{0,1\}$/\1/p'
end

for o in (headroom --list options 2>/dev/null | string replace -r '=$' '' | string replace -r '^--' '')
	complete -c headroom -l $o
end
complete -c headroom -l gpu -x -a '(__headroom_ids gpus id)'
complete -c headroom -l cards -x -a '(__headroom_ids gpus id)'
complete -c headroom -l mig -x -a '(__headroom_ids mig profile | sort -u)'
complete -c headroom -l model -r -a '(__headroom_ids models id; __headroom_ids checkpoints id)'
complete -c headroom -l checkpoint -x -a 'bf16 fp16 fp8 nvfp4 mxfp4 awq gptq int8 (__headroom_ids checkpoints id)'
complete -c headroom -l report -x -a 'text json markdown'
complete -c headroom -l export -x -a 'command config docker json quote'
complete -c headroom -l list -x -a 'gpus mig models checkpoints options'
complete -c headroom -l overhead -x -a 'estimate rule'
complete -c headroom -l theme -r -a 'default light mono'
complete -c headroom -l kv-cache-dtype -x -a 'auto bfloat16 float16 fp8 fp8_e4m3 fp8_e5m2 fp8_inc fp8_ds_mla nvfp4'
for o in config scenario save-scenario check compare calibrate output
	complete -c headroom -l $o -r -F
end
