// Loaded with `node --import` (NODE_OPTIONS may not carry --cpu-prof): samples the whole process with the
// V8 profiler and writes CPU.<time>.<pid>.cpuprofile into CPU_PROFILE_DIR when the process exits.
// CPU_PROFILE_START=signal: sampling starts at the first SIGUSR2 instead (bench/profile.ts sends it after the
// warm-up, so start-up and JIT warm-up are not in the profile).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const dir = process.env.CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    session.post('Profiler.start');
  };
  if (process.env.CPU_PROFILE_START === 'signal') process.once('SIGUSR2', start);
  else start();
  let written = false;
  process.on('exit', () => {
    if (written || !started) return;
    written = true;
    // The in-process inspector answers synchronously, so this completes before the process ends.
    session.post('Profiler.stop', (error, result) => {
      if (!error)
        writeFileSync(`${dir}/CPU.${Date.now()}.${process.pid}.cpuprofile`, JSON.stringify(result.profile));
    });
  });
}
