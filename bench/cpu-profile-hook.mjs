// Loaded with `node --import` (NODE_OPTIONS may not carry --cpu-prof): samples the whole process with the
// V8 profiler and writes CPU.<time>.<pid>.cpuprofile into CPU_PROFILE_DIR when the process exits.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const dir = process.env.CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.start');
  let written = false;
  process.on('exit', () => {
    if (written) return;
    written = true;
    // The in-process inspector answers synchronously, so this completes before the process ends.
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(`${dir}/CPU.${Date.now()}.${process.pid}.cpuprofile`, JSON.stringify(result.profile));
    });
  });
}
