import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The seccomp filter every sandboxed process runs under (bubblewrap's
 * `--seccomp FD`). The BPF program is compiled by libseccomp, the maintained
 * generator, through Debian's python3-seccomp binding, once per server process
 * (about 30 ms) and kept in memory. Everything not listed is allowed: the goal
 * is to close the kernel interfaces that reach other processes, the kernel's
 * keyrings, mounts and namespaces, not to whitelist what node needs (which
 * changes with every runtime; see docs/decisions/010).
 */
export const DENIED_SYSCALLS = [
  // Other processes' memory and file descriptors.
  'ptrace',
  'process_vm_readv',
  'process_vm_writev',
  'pidfd_getfd',
  'kcmp',
  'process_madvise',
  // Large kernel attack surface nobody's tests need.
  'io_uring_setup',
  'io_uring_enter',
  'io_uring_register',
  'keyctl',
  'add_key',
  'request_key',
  'bpf',
  'perf_event_open',
  'userfaultfd',
  // Mounts and namespaces (bubblewrap sets these up before the filter applies).
  'mount',
  'umount2',
  'pivot_root',
  'chroot',
  'unshare',
  'setns',
  'open_tree',
  'move_mount',
  'fsopen',
  'fsconfig',
  'fsmount',
  'fspick',
  'mount_setattr',
  'open_by_handle_at',
  'name_to_handle_at',
  // The machine itself.
  'kexec_load',
  'kexec_file_load',
  'init_module',
  'finit_module',
  'delete_module',
  'acct',
  'swapon',
  'swapoff',
  'reboot',
  'syslog',
  'quotactl',
] as const;

/** clone() flags that make namespaces: refused like unshare (clone3 answers ENOSYS so libc falls back to clone). */
const NAMESPACE_FLAGS = [
  0x0002_0000, 0x0200_0000, 0x0400_0000, 0x0800_0000, 0x1000_0000, 0x2000_0000, 0x4000_0000,
  0x0000_0080,
];

const GENERATOR = `
import errno, sys
import seccomp
f = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
for name in sys.argv[1].split(','):
    try:
        f.add_rule(seccomp.ERRNO(errno.EPERM), name)
    except (RuntimeError, ValueError) as e:
        # A call this kernel/architecture does not know: nothing to deny.
        sys.stderr.write('unknown syscall %s: %s\\n' % (name, e))
f.add_rule(seccomp.ERRNO(errno.ENOSYS), 'clone3')
for flag in [int(x) for x in sys.argv[2].split(',')]:
    f.add_rule(seccomp.ERRNO(errno.EPERM), 'clone', seccomp.Arg(0, seccomp.MASKED_EQ, flag, flag))
f.export_bpf(sys.stdout.buffer)
`;

export type SeccompFilter = { ok: true; bpf: Buffer } | { ok: false; reason: string };

let compiled: SeccompFilter | undefined;

export const SECCOMP_MISSING =
  'Test runs are not available on this server: the seccomp filter cannot be built (install python3 and python3-seccomp)';

/** The compiled BPF program (cached), or why it cannot be built. */
export function seccompFilter(): SeccompFilter {
  if (compiled) return compiled;
  const python = ['/usr/bin/python3', '/bin/python3'].find((p) => existsSync(p));
  if (!python) {
    compiled = { ok: false, reason: SECCOMP_MISSING };
    return compiled;
  }
  const result = spawnSync(
    python,
    ['-I', '-c', GENERATOR, DENIED_SYSCALLS.join(','), NAMESPACE_FLAGS.join(',')],
    { env: {}, timeout: 10_000, maxBuffer: 1024 * 1024 },
  );
  // A BPF program is a whole number of 8-byte instructions.
  if (result.status === 0 && result.stdout.length >= 8 && result.stdout.length % 8 === 0) {
    compiled = { ok: true, bpf: result.stdout };
  } else {
    compiled = {
      ok: false,
      reason: `${SECCOMP_MISSING} (${result.stderr?.toString().trim().slice(0, 200) || result.error?.message || 'no output'})`,
    };
  }
  return compiled;
}
