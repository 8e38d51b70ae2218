/**
 * The Debian packages a test runner's host needs, in one list that the sandbox's start-up
 * check and the runner image (deploy/Dockerfile, checked by src/server/ops/deploy.test.ts)
 * both read: without the first ones no run is taken; without a toolchain that language's
 * runs are refused ("Python tests cannot run on this server").
 */
export const SANDBOX_PACKAGES = [
  { name: 'bubblewrap', provides: ['bwrap'] },
  { name: 'util-linux', provides: ['prlimit', 'setpriv'] },
  // The seccomp filter is compiled by libseccomp through its Python binding.
  { name: 'python3', provides: ['python3'] },
  { name: 'python3-seccomp', provides: [] },
] as const;

/** util-linux's programs the start-up check looks for. */
export const UTIL_LINUX_BINARIES: readonly string[] = SANDBOX_PACKAGES[1].provides;

/** The toolchains of the languages other than JavaScript and TypeScript (README "Languages"). */
export const TOOLCHAIN_PACKAGES = [
  'python3-pytest',
  'golang-go',
  'junit5',
  'default-jdk-headless',
] as const;
