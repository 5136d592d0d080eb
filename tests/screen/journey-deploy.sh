#!/bin/sh
# The deployment view: two HGX H100 nodes with TP 8 x PP 2 laid out card
# by card; one node fewer is vLLM's world-size refusal, one more starts
# again; k writes the Kubernetes manifests of what the view shows.
. "${TOP_SRCDIR:-.}/tests/screen/journey-lib.sh"

j_start 80 24 "--node hgx-h100-8 --nodes 2 --tensor-parallel-size 8 \
--pipeline-parallel-size 2"
j_wait "NVIDIA H100"
j_keys D
j_wait "Deployment: what runs where"
j_wait "2 × hgx-h100-8"
j_wait "node 1  gpu0"
j_wait "p1 t6   p1 t7"
j_wait "vLLM starts this placement"
# one node: the instance no longer fits, as vLLM says
j_keys -
j_wait "1 × hgx-h100-8"
j_wait "vLLM refuses: World size (16) is larger"
j_wait_gone "node 1  gpu0"
j_keys +
j_wait "2 × hgx-h100-8"
j_wait "vLLM starts this placement"
# the Kubernetes files of this placement
j_keys k
j_wait "write the kubernetes files to"
j_keys C-u "$J_WORK/k8s.yaml" Enter
j_wait "wrote the kubernetes files to"
grep -q "kind: LeaderWorkerSet" "$J_WORK/k8s.yaml" ||
	j_fail "no LeaderWorkerSet in $J_WORK/k8s.yaml: $(head -40 "$J_WORK/k8s.yaml")"
grep -q "size: 2" "$J_WORK/k8s.yaml" ||
	j_fail "the group is not 2 nodes: $(grep -n size "$J_WORK/k8s.yaml")"
j_keys Escape
j_wait_gone "Deployment: what runs where"
j_keys q
j_wait "headroom exited 0, terminal restored"
