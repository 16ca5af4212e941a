# `workerd test workerd-nodejs-compat.capnp`: the conformance bundle with nodejs_compat, where the
# node:crypto build of @paysign/oauth-core runs too.
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [(name = "conformance", worker = .worker)],
);

const worker :Workerd.Worker = (
  modules = [(name = "worker", esModule = embed ".build/workerd-nodejs-compat.mjs")],
  compatibilityDate = "2026-11-01",
  # The default from 2026-08-04 on; named anyway so the config says what it tests. (Its v2 part
  # matters: without it workerd's node:crypto cannot import RSA keys, and bare `crypto` fails.)
  compatibilityFlags = ["nodejs_compat"],
);
