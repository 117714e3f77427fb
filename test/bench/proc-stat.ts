import { readFileSync } from 'node:fs';

/**
 * The fields of /proc/<pid>/stat after the command name, so the process's
 * state is at [0] and its parent at [1] (proc(5) counts them from 3). The
 * name, in parentheses, may hold spaces and parentheses: the fields are
 * counted after its last one. Throws where there is no such process, or no
 * /proc (not Linux).
 */
export function procStatFields(pid: number | string): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}
