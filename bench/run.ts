/**
 * The benchmark (DESIGN.md §6 budgets). Usage:
 *
 *   npx tsx bench/run.ts [stage ...] [--rebuild] [--no-build] [--strict]
 *
 * Stages: js-size (alias login-bundle), lighthouse, sign-in, assessments, messaging, jobs,
 * sandbox, workspace, candidates, resumes, playback, pads, pad-replay, similarity, analytics, soak, mail-replies, ai-review, storage, scaling; none named = all. (assessments starts its own server, app and bare routes on one embedded
 * database, and builds the web app itself after its load runs, honouring --rebuild and
 * --no-build. messaging starts its own server the same way: sends under load against a bare
 * insert, live delivery to 500 open sockets, a long conversation and a big inbox.)
 * --rebuild   always run `vite build` (default: only when dist/web is stale)
 * --no-build  never build (use dist/web as it is)
 * --strict    exit 1 when a stage fails or a budget is missed (default: report only)
 *
 * Environment: BENCH_CHROMIUM (default /usr/bin/chromium), BENCH_LIGHTHOUSE_RUNS (3),
 * BENCH_PAGES (js-size and lighthouse: only these pages of bench/pages.ts, e.g. career-job),
 * BENCH_SIGN_IN_CONNECTIONS (20), BENCH_SIGN_IN_SECONDS (10),
 * BENCH_ASSESSMENTS_CONNECTIONS (50), BENCH_ASSESSMENTS_SECONDS (10),
 * BENCH_MESSAGING_CONNECTIONS (50), BENCH_MESSAGING_SECONDS (10), BENCH_MESSAGING_SOCKETS (500),
 * BENCH_MESSAGING_FANOUT_RATE (20 messages/s), BENCH_MESSAGING_FANOUT_SECONDS (10),
 * BENCH_JOBS_CONNECTIONS (50), BENCH_JOBS_SECONDS (10) (jobs: Browse Jobs over 1,000 published jobs).
 * BENCH_SANDBOX_RUNS (20), BENCH_SANDBOX_THROUGHPUT_RUNS (20). BENCH_WORKSPACE_LOADS (30) (workspace: a 200-file project).
 * BENCH_RESUMES_RUNS (10) (resumes: reading a 10-page PDF résumé's text in its worker).
 * BENCH_CANDIDATES_CONNECTIONS (10), BENCH_CANDIDATES_SECONDS (10), BENCH_CANDIDATES_LARGE (10000).
 * BENCH_SIMILARITY_SUBMISSIONS (1000), BENCH_SIMILARITY_NEW (10) (similarity: one check per new submission).
 * BENCH_PLAYBACK_MINUTES (60) (playback: KB stored per hour of typing, raw and compressed; seek time).
 * BENCH_PADS (50), BENCH_PADS_SECONDS (10), BENCH_PADS_EDIT_MS (250), BENCH_PADS_EDITS (10000),
 * BENCH_PADS_OPENS (10) (pads: an edit reaching the other person; opening a long pad).
 * BENCH_PAD_REPLAY_MINUTES (45) (pad-replay: a pad session's replay, first frame and scrubs).
 * BENCH_ANALYTICS_APPLICATIONS (10000), BENCH_ANALYTICS_CALLS (30).
 * BENCH_SOAK_CONNECTIONS (50 users), BENCH_SOAK_SECONDS (600), BENCH_SOAK_SAMPLE_SECONDS (10),
 * BENCH_SOAK_BASE_SECONDS (120: the RSS the end is compared with).
 * BENCH_MAIL_MESSAGES (300), BENCH_MAIL_CONNECTIONS (10) (mail-replies: inbound mails/s vs browser sends/s).
 * BENCH_AI_REVIEWS (30) (ai-review: reviews of one submission, one at a time).
 * BENCH_STORAGE_ROUNDS (10); BENCH_DATABASE_URL, BENCH_SCALING_CONNECTIONS (50), BENCH_SCALING_SECONDS (10).
 * Results: printed, and written to bench/results/latest.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as aiReview from './ai-review';
import * as analytics from './analytics';
import * as assessments from './assessments';
import * as candidates from './candidates';
import * as jobs from './jobs';
import type { Metric, StageResult } from './lib/report';
import { summaryTable } from './lib/report';
import { ensureWebBuild, type RunningServer, repoRoot, startServer } from './lib/server';
import * as lighthouse from './lighthouse';
import * as loginBundle from './login-bundle';
import * as mailReplies from './mail-replies';
import * as messaging from './messaging';
import * as padReplay from './pad-replay';
import * as pads from './pads';
import * as playback from './playback';
import * as resumes from './resumes';
import * as sandbox from './sandbox';
import * as scale from './scale';
import * as signIn from './sign-in';
import * as similarity from './similarity';
import * as soak from './soak';
import * as statements from './statements';
import * as workspace from './workspace';

interface Stage {
  name: string;
  aliases: string[];
  /** Needs the built web app (browser stages). */
  needsWeb: boolean;
  /** Starts its own server and never uses the shared one (which is then not started). */
  ownServer?: boolean;
  run(server: RunningServer): Promise<{ metrics: Metric[]; details?: unknown }>;
}

const stages: Stage[] = [
  {
    name: loginBundle.stage,
    aliases: ['login-bundle', 'bundle'],
    needsWeb: true,
    run: loginBundle.run,
  },
  { name: lighthouse.stage, aliases: ['lh'], needsWeb: true, run: lighthouse.run },
  // Last: its load should not disturb the page measurements.
  { name: signIn.stage, aliases: ['signin'], needsWeb: false, run: signIn.run },
  // Builds the web app itself (a failing build loses only its JavaScript figure).
  { name: assessments.stage, aliases: ['assessment'], needsWeb: false, run: assessments.run },
  { name: messaging.stage, aliases: ['messages'], needsWeb: false, run: messaging.run },
  { name: jobs.stage, aliases: ['browse'], needsWeb: false, run: jobs.run },
  // Sandboxed test runs in bubblewrap: latency and runs per minute with two at once.
  { name: sandbox.stage, aliases: ['test-runs'], needsWeb: false, run: sandbox.run },
  { name: candidates.stage, aliases: ['find-candidates'], needsWeb: false, run: candidates.run },
  // A 200-file project (the limit) opened in the workspace: answer time and size (issue 24).
  {
    name: workspace.stage,
    aliases: ['files-200'],
    needsWeb: false,
    ownServer: true,
    run: workspace.run,
  },
  // An hour of typing recorded by the workspace's recorder into its own embedded database.
  { name: playback.stage, aliases: ['recording'], needsWeb: false, run: playback.run },
  { name: pads.stage, aliases: ['pad'], needsWeb: false, ownServer: true, run: pads.run },
  // The replay of a 45-minute pad: its first frame, a scrub to the end and one back.
  {
    name: padReplay.stage,
    aliases: ['pads-replay'],
    needsWeb: false,
    ownServer: true,
    run: padReplay.run,
  },
  // Résumé search: reading a 10-page PDF résumé's text in its worker thread.
  { name: resumes.stage, aliases: ['resume-text'], needsWeb: false, run: resumes.run },
  // One new submission's similarity check against 1,000 others of a 500-line project.
  {
    name: similarity.stage,
    aliases: ['plagiarism'],
    needsWeb: false,
    ownServer: true,
    run: similarity.run,
  },
  // Every aggregate of one analytics answer over 10,000 applications, one call at a time.
  { name: analytics.stage, aliases: ['stats'], needsWeb: false, run: analytics.run },
  // SQL statements per request of the most used routes, against their budgets.
  {
    name: statements.stage,
    aliases: ['statements-per-request'],
    needsWeb: false,
    ownServer: true,
    run: statements.run,
  },
  // Last and longest: 10 minutes of 50 users on the frequent routes; RSS must level off.
  { name: soak.stage, aliases: ['memory'], needsWeb: false, ownServer: true, run: soak.run },
  // Replies by e-mail into one conversation against as many browser sends (issue 19).
  {
    name: mailReplies.stage,
    aliases: ['mail', 'inbound-mail'],
    needsWeb: false,
    run: mailReplies.run,
  },
  // AI review against the OpenAI-compatible test server: our overhead beside the model's time.
  {
    name: aiReview.stage,
    aliases: ['ai', 'ai-overhead'],
    needsWeb: false,
    ownServer: true,
    run: aiReview.run,
  },
  // A 5 MB résumé through the S3 driver (local S3 server) against the local driver.
  { name: scale.storageStage, aliases: ['s3'], needsWeb: false, run: scale.runStorage },
  // Requests/s of one web server and of two behind a round-robin proxy, on PostgreSQL.
  { name: scale.scalingStage, aliases: ['web-servers'], needsWeb: false, run: scale.runScaling },
];

function parseArgs(argv: string[]) {
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  const names = argv.filter((a) => !a.startsWith('--'));
  for (const flag of flags) {
    if (!['--rebuild', '--no-build', '--strict'].includes(flag))
      throw new Error(`unknown option ${flag}`);
  }
  const selected = names.length
    ? names.map((name) => {
        const stage = stages.find((s) => s.name === name || s.aliases.includes(name));
        if (!stage) {
          throw new Error(
            `unknown stage "${name}"; choose from ${stages.map((s) => s.name).join(', ')}`,
          );
        }
        return stage;
      })
    : stages;
  return {
    selected: stages.filter((s) => selected.includes(s)),
    rebuild: flags.has('--rebuild'),
    noBuild: flags.has('--no-build'),
    strict: flags.has('--strict'),
  };
}

const errorText = (error: unknown) =>
  error instanceof Error ? (error.stack ?? error.message) : String(error);

async function main() {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(
      `${(error as Error).message}\nusage: npx tsx bench/run.ts [${stages.map((s) => s.name).join('|')} ...] [--rebuild] [--no-build] [--strict]`,
    );
    process.exitCode = 2;
    return;
  }
  const startedAt = new Date();
  const results: StageResult[] = [];

  let buildError: string | undefined;
  if (args.selected.some((s) => s.needsWeb) && !args.noBuild) {
    try {
      await ensureWebBuild({ force: args.rebuild });
    } catch (error) {
      buildError = `web build failed: ${(error as Error).message}`;
      console.error(buildError);
    }
  }

  let server: RunningServer | undefined;
  try {
    if (args.selected.some((s) => !s.ownServer)) {
      server = await startServer();
      console.log(`server: ${server.url} (data ${server.dataDir})`);
    }
    for (const stage of args.selected) {
      console.log(`\n=== ${stage.name} ===`);
      const started = Date.now();
      if (stage.needsWeb && buildError) {
        results.push({
          stage: stage.name,
          ok: false,
          error: buildError,
          durationMs: 0,
          metrics: [],
        });
        continue;
      }
      try {
        const { metrics, details } = await stage.run(server as RunningServer);
        results.push({
          stage: stage.name,
          ok: true,
          durationMs: Date.now() - started,
          metrics,
          details,
        });
      } catch (error) {
        // One stage failing (e.g. Lighthouse in an odd environment) does not stop the others.
        console.error(`${stage.name} failed:\n${errorText(error)}`);
        results.push({
          stage: stage.name,
          ok: false,
          error: error instanceof Error ? error.message : String(error),
          durationMs: Date.now() - started,
          metrics: [],
        });
      }
    }
  } catch (error) {
    console.error(`could not start the server:\n${errorText(error)}`);
    for (const stage of args.selected) {
      if (!results.some((r) => r.stage === stage.name)) {
        results.push({
          stage: stage.name,
          ok: false,
          error: 'server did not start',
          durationMs: 0,
          metrics: [],
        });
      }
    }
  } finally {
    await server?.stop();
  }

  const report = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: {
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGb: Number((os.totalmem() / 1024 ** 3).toFixed(1)),
    },
    stages: results,
  };
  const dir = path.join(repoRoot, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'latest.json');
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);

  console.log('\n=== summary ===');
  console.log(summaryTable(results));
  console.log(`\nwritten to ${path.relative(process.cwd(), file)}`);

  const failed =
    results.some((r) => !r.ok) || results.some((r) => r.metrics.some((m) => m.pass === false));
  if (args.strict && failed) process.exitCode = 1;
}

main().catch((error) => {
  console.error(errorText(error));
  process.exitCode = 1;
});
