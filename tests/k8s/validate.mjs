// validate.mjs - checks Kubernetes manifests (multi-document YAML files)
// against the Kubernetes API schemas that kubernetes-models bundles, offline.
// LeaderWorkerSet (a CRD of sigs.k8s.io/lws) is checked for its required
// fields, and its leader and worker templates as core PodTemplateSpecs.
// Usage: node validate.mjs FILE...   Exit status 1 on the first invalid one.
import { readFileSync } from "node:fs";
import yaml from "js-yaml";
import * as apps from "kubernetes-models/apps/v1";
import * as core from "kubernetes-models/v1";

const models = {
  "apps/v1/Deployment": apps.Deployment,
  "apps/v1/StatefulSet": apps.StatefulSet,
  "v1/Service": core.Service,
  "v1/PersistentVolumeClaim": core.PersistentVolumeClaim,
  "v1/Secret": core.Secret,
};

function fail(file, i, msg) {
  console.error(`${file}: document ${i + 1}: ${msg}`);
  process.exitCode = 1;
}

function checkLws(file, i, d) {
  const t = d.spec && d.spec.leaderWorkerTemplate;
  if (!d.metadata || !d.metadata.name) return fail(file, i, "metadata.name missing");
  if (!t || !Number.isInteger(t.size) || t.size < 1)
    return fail(file, i, "spec.leaderWorkerTemplate.size must be a positive integer");
  for (const k of ["leaderTemplate", "workerTemplate"]) {
    if (!t[k]) return fail(file, i, `spec.leaderWorkerTemplate.${k} missing`);
    try {
      new core.PodTemplateSpec(t[k]).validate();
    } catch (e) {
      fail(file, i, `${k}: ${e.message}`);
    }
  }
}

for (const file of process.argv.slice(2)) {
  const docs = yaml.loadAll(readFileSync(file, "utf8")).filter((d) => d != null);
  if (docs.length === 0) fail(file, 0, "no documents");
  docs.forEach((d, i) => {
    const key = `${d.apiVersion}/${d.kind}`;
    if (d.apiVersion === "leaderworkerset.x-k8s.io/v1" && d.kind === "LeaderWorkerSet")
      return checkLws(file, i, d);
    const M = models[key];
    if (!M) return fail(file, i, `no schema for ${key}`);
    try {
      new M(d).validate();
    } catch (e) {
      fail(file, i, `${key}: ${e.message}`);
    }
  });
  if (!process.exitCode) console.log(`${file}: ${docs.length} documents valid`);
}
