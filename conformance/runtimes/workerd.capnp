# `workerd test workerd.capnp`: the conformance bundle without nodejs_compat (WebCrypto and pure JS).
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [(name = "conformance", worker = .worker)],
);

const worker :Workerd.Worker = (
  modules = [(name = "worker", esModule = embed ".build/workerd.mjs")],
  compatibilityDate = "2026-11-01",
  # nodejs_compat (and its v2) is on by default from 2026-08-04: switch both off explicitly. The entry checks
  # that node:crypto really is absent, so this config cannot silently become the other one.
  compatibilityFlags = ["no_nodejs_compat", "no_nodejs_compat_v2"],
);
