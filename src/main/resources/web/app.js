// The live view: polls the query API (/apis/...) and redraws clusters, migrations, workloads and their copies, quotas,
// right-sizing and a binding search.
// Data requests carry the bearer token the user entered, kept for this browser tab only (sessionStorage).
'use strict';

const TOKEN_KEY = 'fedstream.token';
const FAST_MS = 1000;        // clusters and migrations
const SLOW_EVERY = 3;        // workloads, quotas and right-sizing every third tick: they change with decisions, not heartbeats
const WORKLOADS_SHOWN = 200; // bindings per kind read for the workloads table; `fedstream get rb -A` lists them all
const RESOURCES = ['cpu', 'memory', 'pods', 'nvidia.com/gpu'];
const SUFFIX = { m: 1e-3, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18,
                 Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60 };

let token = sessionStorage.getItem(TOKEN_KEY);
let tick = 0;
let timer = null;
const seenMigrations = new Set();
let firstMigrationDraw = true;
let placedByCluster = {};   // cluster -> what fedstream admitted there (from /apis/aggregates)

class Unauthorized extends Error {}

async function api(path) {
  const headers = token ? { Authorization: 'Bearer ' + token } : {};
  const response = await fetch(path, { headers, cache: 'no-store' });
  if (response.status === 401) throw new Unauthorized(path);
  const body = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${body.message || body.error || ''}`);
  return body;
}

// ---- small DOM helpers (textContent only: names come from manifests)
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null) continue;
    if (key === 'class') node.className = value; else node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function quantity(text) {
  if (text === undefined || text === null) return NaN;
  const match = /^([+-]?[0-9.]+(?:[eE][+-]?[0-9]+)?)([a-zA-Z]*)$/.exec(String(text).trim());
  if (!match) return NaN;
  const factor = match[2] === '' ? 1 : SUFFIX[match[2]];
  return factor === undefined ? NaN : parseFloat(match[1]) * factor;
}

function bytes(n) {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let i = 0;
  while (n >= 1024 && i < units.length - 1) { n /= 1024; i++; }
  return (Number.isInteger(n) ? n : n.toFixed(1)) + ' ' + units[i];
}

// A quantity as people read it: cpu in cores, memory and storage in binary bytes, anything else as a number.
// The raw Kubernetes quantity stays on hover (title), where the exact value is one glance away.
function human(resource, text) {
  if (text === undefined || text === null || text === '') return text;
  const n = quantity(text);
  if (isNaN(n)) return String(text);
  const name = String(resource).replace(/^(requests|limits)\./, '');
  if (name === 'cpu') return `${+n.toFixed(3)} ${n === 1 ? 'core' : 'cores'}`;
  if (name === 'memory' || name === 'storage' || name === 'ephemeral-storage' || name.startsWith('hugepages-')) return bytes(n);
  return String(+n.toFixed(3));
}

function amount(resource, text) {
  return el('span', { title: text }, human(resource, text));
}

function bar(label, used, hard) {
  const u = quantity(used || '0');
  const h = quantity(hard);
  const ratio = h > 0 ? Math.min(1, u / h) : 0;
  const fill = el('div', { class: 'fill' + (ratio >= 1 ? ' full' : ratio >= 0.8 ? ' high' : '') });
  fill.style.width = (ratio * 100).toFixed(1) + '%';
  return el('div', { class: 'bar', 'data-resource': label },
    el('span', null, label), el('div', { class: 'track' }, fill),
    el('span', { class: 'value', title: `${used || '0'} / ${hard}` }, `${human(label, used || '0')} / ${human(label, hard)}`));
}

function age(iso) {
  if (!iso) return '-';
  const seconds = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
  return seconds < 90 ? seconds + 's ago' : Math.round(seconds / 60) + 'm ago';
}

// ---- clusters
function drawClusters(list) {
  const items = list.items || [];
  const box = document.getElementById('clusters');
  const counts = {};
  items.forEach(c => { counts[c.status.state] = (counts[c.status.state] || 0) + 1; });
  document.getElementById('clusters-summary').textContent =
    Object.entries(counts).map(([state, n]) => `${n} ${state}`).join(' · ');
  if (items.length === 0) { box.replaceChildren(el('p', { class: 'empty' }, 'No heartbeat yet.')); return; }
  box.replaceChildren(...items.map(cluster => {
    const status = cluster.status;
    const summary = status.resourceSummary || {};
    const allocatable = summary.allocatable || {};
    const allocated = summary.allocated || {};
    const bars = RESOURCES.filter(r => allocatable[r] !== undefined).map(r => bar(r, allocated[r], allocatable[r]));
    const placed = placedByCluster[cluster.metadata.name];
    return el('div', { class: 'card ' + status.state, 'data-cluster': cluster.metadata.name, 'data-state': status.state },
      el('h3', null, cluster.metadata.name, el('span', { class: 'state ' + status.state }, status.state)),
      el('div', { class: 'meta' },
        `${status.reason || ''} since ${age(status.since)} · last heartbeat ${age(status.lastHeartbeatAt)}`,
        status.incidentId ? el('div', { class: 'incident' }, 'incident ' + status.incidentId) : null,
        status.flapCount ? el('div', null, `flaps: ${status.flapCount}`) : null),
      bars,
      el('div', { class: 'meta placed' }, placed
        ? `fedstream placed ${placed.workloads} workloads, ${placed.replicas} pods: `
          + Object.entries(placed.resources || {}).map(([r, q]) => `${r} ${q}`).join(', ')
        : 'fedstream placed nothing here'));
  }));
}

// ---- migrations
function relayed(spec) {
  if (spec.action === 'PURGE') return '-';
  if (!spec.fullStateBytes && !spec.incrementalBytes) return 'no state';
  return el('span', { class: 'relay' }, `${bytes(spec.incrementalBytes)} of ${bytes(spec.fullStateBytes)} `,
    el('span', { class: 'saved' }, 'incremental'));
}

function drawMigrations(list) {
  const items = (list.items || []).slice().sort((a, b) => (b.spec.issuedAt || '').localeCompare(a.spec.issuedAt || ''));
  const body = document.querySelector('#migrations tbody');
  const moving = items.filter(m => m.status.phase !== 'COMPLETED' && m.status.phase !== 'FAILED').length;
  document.getElementById('migrations-summary').textContent = items.length ? `${items.length} commands, ${moving} in flight` : '';
  if (items.length === 0) {
    body.replaceChildren(el('tr', { class: 'empty' }, el('td', { colspan: 8 }, 'No migration yet.')));
    return;
  }
  body.replaceChildren(...items.map(m => {
    const spec = m.spec;
    const isNew = !firstMigrationDraw && !seenMigrations.has(m.spec.commandId);
    seenMigrations.add(m.spec.commandId);
    const workload = spec.workloadKey.split('/');
    return el('tr', { class: 'migration' + (isNew ? ' new' : ''), 'data-command': m.spec.commandId, 'data-phase': m.status.phase },
      el('td', null, new Date(spec.issuedAt).toLocaleTimeString()),
      el('td', null, `${workload[2]}/${workload[3]}`, el('div', { class: 'meta' }, workload[1])),
      el('td', null, spec.action),
      el('td', null, spec.strategy),
      el('td', null, spec.action === 'PURGE' ? spec.sourceCluster : `${spec.sourceCluster} → ${spec.targetCluster || '?'}`),
      el('td', null, el('span', { class: 'phase ' + m.status.phase }, m.status.phase)),
      el('td', { class: 'num' }, relayed(spec)),
      el('td', { class: 'meta' }, spec.incidentId));
  }));
  firstMigrationDraw = false;
}

// ---- workloads: where each runs (the binding's clusters) and what its copies there report (status.aggregatedStatus)
async function refreshWorkloads() {
  const kinds = ['resourcebindings', 'clusterresourcebindings'];
  const lists = await Promise.all(kinds.map(kind => api(`/apis/work.karmada.io/v1alpha2/${kind}?limit=${WORKLOADS_SHOWN}`)));
  const items = lists.flatMap(list => list.items || []);
  const body = document.querySelector('#workloads tbody');
  const applied = items.filter(b => conditionOf(b, 'FullyApplied') === 'True').length;
  const more = lists.some(list => (list.metadata || {}).continue) ? ` (the first ${WORKLOADS_SHOWN} of each kind)` : '';
  document.getElementById('workloads-summary').textContent = items.length ? `${items.length} bindings${more}, ${applied} fully applied` : '';
  if (items.length === 0) {
    body.replaceChildren(el('tr', { class: 'empty' }, el('td', { colspan: 3 }, 'No binding yet.')));
    return;
  }
  body.replaceChildren(...items.map(binding => {
    const annotations = binding.metadata.annotations || {};
    const resource = binding.spec.resource;
    const fullyApplied = conditionOf(binding, 'FullyApplied') || '-';
    return el('tr', { class: 'workload', 'data-workload': annotations['fedstream.io/workload-key'], 'data-fully-applied': fullyApplied },
      el('td', null, resource.namespace ? `${resource.namespace}/${resource.name}` : resource.name,
        el('div', { class: 'meta' }, resource.kind + (resource.namespace ? '' : ' · cluster-scoped'))),
      el('td', null, fullyApplied),
      el('td', null, copiesOf(binding)));
  }));
}

function conditionOf(binding, type) {
  const found = ((binding.status || {}).conditions || []).find(c => c.type === type);
  return found ? found.status : undefined;
}

// One chip per cluster the binding places it on, and per cluster still holding a copy (evicted, say): replicas as the
// placement gives them (every replica on each cluster when Duplicated), applied or why not, and the copy's health.
function copiesOf(binding) {
  const reported = Object.fromEntries(((binding.status || {}).aggregatedStatus || []).map(item => [item.clusterName, item]));
  const placed = binding.spec.clusters || [];
  const replicas = binding.spec.components.reduce((sum, c) => sum + c.replicas, 0);
  const names = [...new Set([...placed.map(c => c.name), ...Object.keys(reported)])];
  if (names.length === 0) return el('span', { class: 'meta' }, 'not placed');
  return names.map(name => {
    const target = placed.find(c => c.name === name);
    const item = reported[name];
    const count = !target ? null : target.replicas ?? (binding.spec.components.length ? replicas : null);
    const parts = [name];
    if (count !== null && count !== undefined && binding.spec.components.length) parts.push(`×${count}`);
    if (!target) parts.push('not placed here');
    if (!item) {
      parts.push('not reported');
    } else {
      parts.push(item.applied ? 'applied' : `${item.state || 'not applied'}${item.appliedMessage ? ': ' + item.appliedMessage : ''}`);
      parts.push(item.health);
    }
    return el('span', { class: 'copy', 'data-cluster': name, 'data-applied': item ? String(item.applied) : 'unreported',
      title: item && item.healthReason ? item.healthReason : '' }, parts.join(' · '));
  });
}

// ---- quotas
async function refreshQuotas() {
  const aggregates = await api('/apis/aggregates');
  placedByCluster = Object.fromEntries((aggregates.clusters || []).map(c => [c.cluster, c]));
  const quotas = (await api('/apis/quotas')).items || [];
  const box = document.getElementById('quotas');
  if (quotas.length === 0) {
    box.replaceChildren(el('p', { class: 'empty' }, 'No FederatedResourceQuota yet.'));
    return;
  }
  box.replaceChildren(...quotas.map(q => {
    const status = q.status || {};
    const hard = status.overall || {};
    const used = status.overallUsed || {};
    const problems = (status.problems || []).map(p => el('div', { class: 'error' }, `${p.field}: ${p.reason}`));
    const clusters = (status.aggregatedStatus || []).filter(c => Object.keys(c.hard || {}).length > 0).map(c =>
      el('div', { class: 'sub' }, el('h4', null, 'on ' + c.clusterName),
        Object.keys(c.hard).map(r => bar(r, (c.used || {})[r], c.hard[r]))));
    return el('div', { class: 'card', 'data-quota': `${q.metadata.namespace}/${q.metadata.name}` },
      el('h3', null, `${q.metadata.namespace}/${q.metadata.name}`),
      el('div', { class: 'meta' }, `${status.admittedCount || 0} admitted · ${status.rejectedCount || 0} rejected`),
      Object.keys(hard).map(r => bar(r, used[r], hard[r])), clusters, problems);
  }));
}

// ---- right-sizing (docs/recommendations.md)
async function refreshRecommendations() {
  const list = await api('/apis/recommendations');
  const box = document.getElementById('recommendations');
  const namespaces = list.namespaces || [];
  if (namespaces.length === 0) {
    box.replaceChildren(el('p', { class: 'empty' }, 'No workload bound or reporting usage yet.'));
    return;
  }
  const items = list.items || [];
  box.replaceChildren(...namespaces.map(ns => {
    const workloads = items.filter(w => w.namespace === ns.namespace);
    // Used and recommended against requested, both per namespace total; per quota, what it would need against its hard limits.
    const totals = ['cpu', 'memory'].flatMap(r => [
      bar(r + ' used', ns.used[r], ns.requested[r]), bar(r + ' recommended', ns.recommended[r], ns.requested[r])]);
    const quotas = (ns.quotas || []).map(q => el('div', { class: 'sub' }, el('h4', null, 'quota ' + q.name + ' would need'),
      Object.keys(q.hard || {}).map(r => bar(r, q.needed[r], q.hard[r]))));
    const cell = (quantities, r) => {
      const q = (quantities || {})[r];
      return q === undefined ? '-' : r === 'memory' ? bytes(quantity(q)) : q;
    };
    // The card holds the totals; the templates' table runs the section's full width below it.
    return el('div', { 'data-recommendations': ns.namespace },
      el('div', { class: 'cards' }, el('div', { class: 'card' },
        el('h3', null, ns.namespace),
        el('div', { class: 'meta' }, `${ns.templatesRecommended} of ${ns.templates} templates recommended`),
        totals, quotas)),
      el('table', null,
        el('thead', null, el('tr', null, ['workload', 'template', 'pods', 'cpu req', 'cpu used', 'cpu rec', 'mem req', 'mem used',
          'mem rec', 'state'].map(h => el('th', null, h)))),
        el('tbody', null, workloads.flatMap(w => w.templates.map(t => el('tr',
          { 'data-template': `${w.workloadKey}/${t.template}`, 'data-state': t.state, title: t.reason || '' },
          el('td', null, `${w.kind}/${w.name}`), el('td', null, t.template), el('td', { class: 'num' }, t.replicas ?? '-'),
          ['cpu', 'memory'].flatMap(r => [t.requested, t.used, t.target].map(m => el('td', { class: 'num' }, cell(m, r)))),
          el('td', null, t.state)))))));
  }));
}

// ---- bindings
async function searchBindings(event) {
  event.preventDefault();
  const namespace = document.getElementById('binding-namespace').value.trim();
  const name = document.getElementById('binding-name').value.trim().toLowerCase();
  const box = document.getElementById('bindings');
  try {
    const list = await api('/apis/resourcebindings?namespace=' + encodeURIComponent(namespace));
    const found = (list.items || []).filter(b => !name
      || b.metadata.name.toLowerCase().includes(name) || b.spec.resource.name.toLowerCase().includes(name));
    box.replaceChildren(...(found.length ? found.map(drawBinding)
      : [el('p', { class: 'empty' }, `No binding in ${namespace}${name ? ' matching ' + name : ''}.`)]));
  } catch (e) {
    handleError(e);
    box.replaceChildren(el('p', { class: 'error' }, e.message));
  }
}

// Why a binding is not interpreted, admitted or placed, as the REASON column of `fedstream get resourcebindings` says it.
function reasonOf(binding) {
  const status = binding.status;
  const interpretation = status.interpretation || {};
  if (interpretation.state && interpretation.state !== 'INTERPRETED') {
    const first = (interpretation.errors || [])[0];
    return first ? `${first.field}: ${first.reason}${first.value == null ? '' : ' (value: ' + first.value + ')'}` : '';
  }
  const admission = status.admission || {};
  if (admission.state !== 'ADMITTED' && admission.reason) return admission.reason;
  if (!(binding.spec.clusters || []).length && status.unplacedReason) return status.unplacedReason;
  return '';
}

// The policy the binding's placement was scheduled under, from the Karmada annotations the query API gives it.
function policyOf(binding) {
  const annotations = binding.metadata.annotations || {};
  const clusterScoped = annotations['clusterpropagationpolicy.karmada.io/name'];
  if (clusterScoped) return `ClusterPropagationPolicy ${clusterScoped}`;
  const name = annotations['propagationpolicy.karmada.io/name'];
  return name ? `PropagationPolicy ${annotations['propagationpolicy.karmada.io/namespace']}/${name}` : '';
}

function drawBinding(binding) {
  const spec = binding.spec;
  const status = binding.status;
  const resources = [...new Set(spec.components.flatMap(c => Object.keys(c.replicaRequirements.resourceRequest || {})))].sort();
  const requests = status.resourceRequests || [];
  const admission = (status.admission && status.admission.state) || '';
  const clusters = (spec.clusters || []).map(c => c.name).join(', ');
  const reason = reasonOf(binding);
  const policy = policyOf(binding);
  return el('div', { class: 'card binding', 'data-binding': `${binding.metadata.namespace}/${binding.metadata.name}` },
    el('h3', null, `${binding.metadata.namespace}/${spec.resource.name}`, el('span', { class: 'meta' }, spec.resource.kind)),
    el('div', { class: 'meta placement' }, `${admission} · ${clusters ? 'on ' + clusters : 'not placed'}${policy ? ' · ' + policy : ''}`),
    reason ? el('div', { class: 'error reason' }, reason) : null,
    // A manifest that could not be read has no templates to show.
    !spec.components.length ? null : el('table', null,
      el('thead', null, el('tr', null, el('th', null, 'template'), el('th', null, 'replicas'),
        resources.map(r => el('th', null, r + '/pod')), resources.map(r => el('th', null, r)))),
      el('tbody', null, spec.components.map((c, i) => el('tr', null,
        el('td', null, c.name), el('td', { class: 'num' }, c.replicas),
        resources.map(r => el('td', { class: 'num' }, cell(r, (c.replicaRequirements.resourceRequest || {})[r]))),
        resources.map(r => el('td', { class: 'num' }, cell(r, (requests[i] || {})[r])))))),
      el('tfoot', null, el('tr', null, el('td', null, '= total'), el('td'), resources.map(() => el('td')),
        resources.map(r => el('td', { class: 'num' }, cell(r, (status.total || {})[r])))))));
}

function cell(resource, text) {
  return text === undefined || text === null ? '-' : amount(resource, text);
}

// ---- polling and the token
function setLive(state, text) {
  const live = document.getElementById('live');
  live.dataset.state = state;
  live.textContent = text;
}

function handleError(e) {
  if (e instanceof Unauthorized) {
    stop();
    const form = document.getElementById('token-form');
    form.hidden = false;
    document.getElementById('token-error').textContent = token ? 'The server refused this token.' : '';
    setLive('error', 'token needed');
    return;
  }
  setLive('error', 'error: ' + e.message);
}

async function refresh() {
  try {
    const [clusters, migrations] = await Promise.all([api('/apis/clusters'), api('/apis/migrations')]);
    drawClusters(clusters);
    drawMigrations(migrations);
    if (tick++ % SLOW_EVERY === 0) {
      await refreshWorkloads();
      await refreshQuotas();
      await refreshRecommendations();
    }
    setLive('ok', 'live · updated ' + new Date().toLocaleTimeString());
  } catch (e) {
    handleError(e);
  }
}

function start() {
  stop();
  refresh();
  timer = setInterval(refresh, FAST_MS);
}

function stop() {
  if (timer !== null) clearInterval(timer);
  timer = null;
}

document.getElementById('token-form').addEventListener('submit', event => {
  event.preventDefault();
  token = document.getElementById('token-input').value.trim();
  sessionStorage.setItem(TOKEN_KEY, token);
  document.getElementById('token-form').hidden = true;
  start();
});
document.getElementById('binding-search').addEventListener('submit', searchBindings);
start();
