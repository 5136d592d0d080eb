#!/bin/sh
# .ci/k8s.sh - installs the offline Kubernetes schema validator of
# tests/k8s (kubernetes-models and js-yaml from the npm registry, pinned by
# its package-lock.json), which tests/screen/cluster-cli.sh runs on every
# manifest headroom exports.  Without node and npm the test skips that part.
set -u
cd "$(dirname "$0")/.."
if ! command -v npm >/dev/null 2>&1; then
	echo "k8s: npm is not installed; the manifests are not schema-checked"
	exit 0
fi
npm ci --prefix tests/k8s --no-audit --no-fund --loglevel=error >/dev/null 2>&1 ||
	npm install --prefix tests/k8s --no-audit --no-fund --loglevel=error >/dev/null 2>&1 || {
	echo "k8s: npm could not install the validator"
	exit 1
}
echo "k8s: the manifest validator is installed"
