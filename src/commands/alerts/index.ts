// `forgectl alerts …`: send test alerts to, and resolve them at, a project's alert integration
// (CLI.md "Alerts", spec part 3 §2.1–§2.3, §4.1, §5 rule 1).

import type { Command } from 'commander';
import { defineCommand, defineGroup, secretFlagRefused, type Registry, TypedOption as Option, type DeclaredOptions, type OptionValues } from '../../core/command.js';
import { collectRepeated } from '../../core/parse.js';

const run = () => import('./run.js');

const KEY_HELP =
  'The integration’s authorization key is read from standard input (--key-stdin) or FORGECTL_ALERT_KEY, never from a flag, ' +
  'and is sent as `Authorization: Bearer KEY` (default) or HTTP Basic with a blank user name (--auth basic). ' +
  'It never appears in output, --verbose traces or --dry-run. --url here is the alert URL, not the instance URL: ' +
  'no profile or token is needed.';

function connectionOptions<O extends OptionValues>(c: DeclaredOptions<O>) {
  return c
    .option('--url <alert_url>', 'the integration’s alert URL (issued when it was saved)')
    .option('--key-stdin', 'read the authorization key from standard input (else FORGECTL_ALERT_KEY)')
    .addOption(secretFlagRefused('--key', 'the alert key', 'pipe it with --key-stdin (e.g. < alert-key.txt) or set FORGECTL_ALERT_KEY'))
    .addOption(new Option('--auth <kind>', 'how the key is sent: bearer or basic (blank user, key as password) (default: bearer)'));
}

export function registerAlerts(program: Command, reg: Registry): void {
  const group = defineGroup(program, 'alerts', 'Send and resolve alerts through a project’s alert integration');

  defineCommand(group, reg, {
    name: 'send [payload]',
    summary: 'Send an alert (or a metrics-alerting batch) to an integration’s alert URL',
    description:
      'The payload comes from a JSON file (-f FILE), standard input (`-` or -f -), or the flags; flags add to or override ' +
      'the keys of a file. --field KEY=VALUE adds any other key (dotted keys nest: --field foo.bar.baz=42; a value that ' +
      'reads as JSON is sent as JSON). With --prometheus the payload is the metrics-alerting (Alertmanager webhook) form: ' +
      'its required top-level attributes and each alert’s title and startsAt are checked; `status: resolved` or an ' +
      'endsAt in the past resolves. Before sending, datetimes are checked; the payload is sent as given. The HTTP endpoint ' +
      'records critical, high, medium, low, info or unknown, and anything else as critical (said on stderr); aliases such as ' +
      'p2 or warning (high, low) are read only by the metrics-alerting form. A title-less alert is recorded as "New: Alert". --dry-run prints the request and, for each alert, the title ' +
      'and severity the service will record. Output: the alerts created (iid, title). Alerts with the same fingerprint ' +
      `group into the open one (its occurrence counter grows) and --end-time resolves it. ${KEY_HELP}`,
    writes: true,
    // It sends to the alert URL, not to an instance: over a fleet one alert would go there once per profile.
    globals: { fleet: false, profiles: false },
    examples: [
      'FORGECTL_ALERT_KEY=$KEY forgectl alerts send --url https://gitlab.example.com/acme/api/alerts/notify/uptime/1.json --title "API down" --severity high --fingerprint api-down',
      '# the key from a secret store, the payload from a file',
      'vault read -field=key secret/alerts | forgectl alerts send --url "$ALERT_URL" --key-stdin -f alert.json',
      '# a metrics alert, key sent as HTTP Basic',
      'forgectl alerts send --url https://gitlab.example.com/acme/api/prometheus/alerts/notify.json --prometheus --title "High latency" --severity warning --auth basic',
      '# see what would be recorded, without sending',
      'forgectl alerts send --url "$ALERT_URL" --title "Disk full" --severity high --field disk.mount=/var --dry-run',
    ],
    exitCodes: ['2  invalid payload or option (nothing sent)', '4  the key was refused (401) or the integration is disabled (403)'],
    replacesGlobals: ['--url'],
    options: (c) =>
      connectionOptions(c)
        .option('-f, --file <path>', 'JSON payload file; - reads standard input')
        .option('--prometheus', 'the payload is the metrics-alerting (Alertmanager webhook) form')
        .option('--title <text>', 'alert title (default recorded by the service: "New: Alert")')
        .option('--description <text>', 'short description')
        .option('--severity <level>', 'critical, high, medium, low, info, unknown; with --prometheus also an alias (s1..s5, p1..p5, warning, …)')
        .option('--service <name>', 'affected service')
        .option('--monitoring-tool <name>', 'the tool that raised the alert')
        .option('--hosts <list>', 'comma-separated hosts')
        .option('--fingerprint <text>', 'groups occurrences into one alert; resolving needs the same one')
        .option('--start-time <datetime>', 'ISO 8601 (default: time of receipt)')
        .option('--end-time <datetime>', 'ISO 8601; resolves the open alert with the same fingerprint')
        .option('--environment <name>', 'associated environment (service_environment_name)')
        .option('--field <key=value>', 'extra payload key, repeatable; dotted keys nest', collectRepeated),
    target: async (ctx, opts, args) => (await run()).prepareSend(ctx, opts, args[0]),
    explain: async (err, _args, _o, { target }) => (await run()).alertHint(err, target.resolving),
    run: async (ctx, opts, _args, alert) => (await run()).deliverAlert(ctx, opts, alert),
  });

  defineCommand(group, reg, {
    name: 'resolve',
    summary: 'Resolve the open alert with a fingerprint (sends the resolving payload)',
    description: `Sends {"fingerprint": F, "end_time": T} (T: --end-time, default now). The service answers 400 when no open alert has that fingerprint. For an HTTP endpoint; a metrics alert is resolved by sending it again with --prometheus and --end-time. ${KEY_HELP}`,
    writes: true,
    // It sends to the alert URL, not to an instance: over a fleet one alert would go there once per profile.
    globals: { fleet: false, profiles: false },
    examples: [
      'FORGECTL_ALERT_KEY=$KEY forgectl alerts resolve --url https://gitlab.example.com/acme/api/alerts/notify/uptime/1.json --fingerprint api-down',
      'forgectl alerts resolve --url "$ALERT_URL" --fingerprint api-down --end-time 2026-01-31T10:00:00Z --auth basic --dry-run',
    ],
    exitCodes: ['1  no open alert has this fingerprint (400)', '2  invalid option (nothing sent)', '4  the key was refused (401) or the integration is disabled (403)'],
    replacesGlobals: ['--url'],
    options: (c) =>
      connectionOptions(c)
        .option('--fingerprint <text>', 'fingerprint of the alert to resolve (required)')
        .option('--end-time <datetime>', 'ISO 8601 resolution time (default: now)'),
    target: async (_ctx, opts) => (await run()).prepareResolve(opts),
    explain: async (err, _args, _o, { target }) => (await run()).alertHint(err, target.resolving),
    run: async (ctx, opts, _args, alert) => (await run()).deliverAlert(ctx, opts, alert),
  });
}
