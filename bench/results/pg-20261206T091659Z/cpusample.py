import os, time, sys, collections
def snap():
    per = collections.Counter()
    for pid in os.listdir('/proc'):
        if not pid.isdigit(): continue
        try:
            s = open(f'/proc/{pid}/stat').read()
        except Exception: continue
        comm = s[s.index('(')+1:s.rindex(')')]
        f = s[s.rindex(')')+2:].split()
        per[comm] += int(f[11]) + int(f[12])
    cpu = open('/proc/stat').readline().split()[1:]
    idle = int(cpu[3]) + int(cpu[4]); total = sum(map(int, cpu[:8]))
    return per, idle, total
prev = snap(); t0 = time.time()
end = t0 + float(sys.argv[1])
while time.time() < end:
    time.sleep(1)
    cur = snap()
    d = cur[0] - prev[0]
    busy = 1 - (cur[1]-prev[1]) / max(1, cur[2]-prev[2])
    top = ', '.join(f'{k}:{v}' for k, v in d.most_common(5))
    print(f'{time.time()-t0:5.1f}s busy {busy*100:5.1f}%  {top}', flush=True)
    prev = cur
