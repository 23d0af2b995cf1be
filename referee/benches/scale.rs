//! Scale-out, shown rather than assumed: N real `referee serve` processes (release build)
//! against one Redis primary and against a three-primary Redis Cluster (every node with AOF and
//! `appendfsync always`), with 32 and 256 moves in flight, raising N until a primary saturates
//! (its main thread near a whole core) or N reaches its most. For each run it prints moves/s,
//! p50/p99 and each process's CPU; then the cluster against the one primary at the same N, and
//! the capacity model the measured costs per move imply, labelled as a model. Asserts nothing
//! about time.
//!
//! Run: `cargo bench -p referee --bench scale` (`-- quick` for a short run; `-- referees=1,2,4,8`
//! for the counts of referee processes; `-- moves=N` for the moves of each run).

mod common;
#[path = "../tests/support/mod.rs"]
mod support;

use common::*;
use std::time::Instant;
use support::*;

/// A primary whose process used this share of one core is counted as saturated: Redis runs
/// commands (and, with `appendfsync always`, its fsyncs) on one main thread.
const SATURATED: f64 = 0.85;
/// gRPC connections per referee process (one HTTP/2 connection caps its streams in flight).
const CHANNELS_PER_REFEREE: usize = 4;
/// Live games per topology: a multiple of every count in flight, so each worker has its own.
const GAMES: usize = 512;
const IN_FLIGHT: [usize; 2] = [32, 256];

struct Run {
    cluster: bool,
    referees: usize,
    in_flight: usize,
    rate: f64,
    p50_ms: f64,
    p99_ms: f64,
    /// Each referee's CPU, in cores (CPU seconds per second of the run).
    referee_cores: Vec<f64>,
    /// Each primary's CPU, in cores.
    primary_cores: Vec<f64>,
    /// The benchmark's own CPU (its clients), in cores.
    client_cores: f64,
    /// CPU per move in µs: all referees; all primaries above what they spend idle (their
    /// timers and, in a cluster, its bus); the benchmark's clients.
    referee_us: f64,
    redis_us: f64,
    client_us: f64,
    /// Of `redis_us`, the scripts' own time (INFO commandstats, EVALSHA and EVAL): the work a
    /// move asks of Redis, without what each turn of its event loop costs whatever it holds.
    scripts_us: f64,
}

impl Run {
    fn saturated(&self) -> bool {
        self.primary_cores.iter().any(|c| *c >= SATURATED)
    }
}

/// Microseconds the scripts have run so far on all these primaries (INFO commandstats).
fn scripts_usec(primaries: &[&Redis]) -> f64 {
    let stats: Vec<String> =
        primaries.iter().map(|r| redis_command(r.port, "INFO commandstats").unwrap_or_default()).collect();
    stats
        .iter()
        .flat_map(|s| s.lines())
        .filter(|l| l.starts_with("cmdstat_evalsha:") || l.starts_with("cmdstat_eval:"))
        .filter_map(|l| l.split(',').find_map(|f| f.strip_prefix("usec=")).and_then(|v| v.parse::<f64>().ok()))
        .sum()
}

/// What one topology's runs share: the games, the clients (`CHANNELS_PER_REFEREE` a referee,
/// in order), and the processes measured.
struct Setup<'a> {
    live: &'a [std::sync::Arc<tokio::sync::Mutex<Live>>],
    clients: &'a [Client],
    pids: Vec<u32>,
    primaries: &'a [u32],
    servers: &'a [&'a Redis],
    /// Each primary's CPU with nothing to do, in cores.
    idle: &'a [f64],
}

impl Setup<'_> {
    /// Plays `moves` moves with `in_flight` in flight after a short warm-up (connections opened,
    /// scripts loaded, allocators grown), each game's through its own client, or `in_turn`
    /// through the `n` referees in turn, and measures them.
    async fn measure(&self, cluster: bool, n: usize, in_flight: usize, moves: usize, in_turn: bool) -> Run {
        let route = move |game: &Live| {
            if !in_turn {
                return game.client;
            }
            let referee = (game.client / CHANNELS_PER_REFEREE + game.view.seq as usize) % n;
            referee * CHANNELS_PER_REFEREE + game.client % CHANNELS_PER_REFEREE
        };
        drive_routed(self.live, self.clients, in_flight * 2, in_flight, route).await;
        let (ref0, red0, me0) = (cpu_of(&self.pids), cpu_of(self.primaries), process_cpu_seconds("self"));
        let scripts0 = scripts_usec(self.servers);
        let started = Instant::now();
        let (rate, latencies) = drive_routed(self.live, self.clients, moves, in_flight, route).await;
        let wall = started.elapsed().as_secs_f64();
        let (ref1, red1, me1) = (cpu_of(&self.pids), cpu_of(self.primaries), process_cpu_seconds("self"));
        let scripts1 = scripts_usec(self.servers);
        let per_core = |a: &[f64], b: &[f64]| -> Vec<f64> { a.iter().zip(b).map(|(x, y)| (y - x) / wall).collect() };
        let referee_cores = per_core(&ref0, &ref1);
        let primary_cores = per_core(&red0, &red1);
        let n_moves = latencies.len() as f64;
        let busy = (primary_cores.iter().sum::<f64>() - self.idle.iter().sum::<f64>()).max(0.0);
        Run {
            cluster,
            referees: n,
            in_flight,
            rate,
            p50_ms: ms(percentile(&latencies, 0.5)),
            p99_ms: ms(percentile(&latencies, 0.99)),
            referee_us: referee_cores.iter().sum::<f64>() * wall / n_moves * 1e6,
            redis_us: busy * wall / n_moves * 1e6,
            client_us: (me1 - me0) / n_moves * 1e6,
            scripts_us: (scripts1 - scripts0) / n_moves,
            referee_cores,
            primary_cores,
            client_cores: (me1 - me0) / wall,
        }
    }
}

fn list(v: &[f64]) -> String {
    v.iter().map(|c| format!("{c:.2}")).collect::<Vec<_>>().join(" ")
}

/// One row of a topology's table, with `note` after it.
fn print_run(run: &Run, note: &str) {
    println!(
        "  {:>3} {:>9} {:>9.0} {:>8.2} {:>8.2}   {:<28} {:<22} {:>7.2}   {:>9.0} {:>9.0}{}{note}",
        run.referees,
        run.in_flight,
        run.rate,
        run.p50_ms,
        run.p99_ms,
        list(&run.referee_cores),
        list(&run.primary_cores),
        run.client_cores,
        run.referee_us,
        run.redis_us,
        if run.saturated() { "   <- a primary saturated" } else { "" }
    );
}

fn arg(name: &str) -> Option<String> {
    std::env::args().find_map(|a| a.strip_prefix(&format!("{name}=")).map(str::to_string))
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let counts: Vec<usize> = arg("referees")
        .map(|s| s.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|| if quick { vec![1, 2] } else { vec![1, 2, 4, 8] });
    let moves: usize = arg("moves").and_then(|m| m.parse().ok()).unwrap_or(if quick { 1536 } else { 6144 });
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    println!("scale-out benchmark: N referee processes against one Redis primary and a three-primary cluster");
    println!(
        "  {cores} CPU cores on this machine, shared by the benchmark's clients, every referee and every Redis; \
         AOF with appendfsync always; {GAMES} live chess games, {moves} moves a run"
    );
    let env = [
        ("RUST_LOG", "warn"),
        ("REFEREE_CREATES_PER_ADDRESS", "1000000"),
        ("REFEREE_BYTES_PER_ADDRESS", "100000000000"),
    ];
    let mut runs: Vec<Run> = Vec::new();
    for cluster in [false, true] {
        let (single, nodes) = if cluster { (None, Some(RedisCluster::start())) } else { (Some(Redis::start()), None) };
        let servers: Vec<&Redis> = match (&single, &nodes) {
            (Some(r), _) => vec![r],
            (_, Some(c)) => c.nodes.iter().collect(),
            _ => unreachable!(),
        };
        let primaries: Vec<u32> = servers.iter().map(|r| r.pid()).collect();
        let url = single.as_ref().map_or_else(|| nodes.as_ref().unwrap().url(), Redis::url);
        let name = if cluster { "three-primary cluster" } else { "one primary" };
        println!("\n{name}");
        println!(
            "  {:>3} {:>9} {:>9} {:>8} {:>8}   {:<28} {:<22} {:>7}   {:>9} {:>9}",
            "N",
            "in flight",
            "moves/s",
            "p50 ms",
            "p99 ms",
            "CPU of each referee (cores)",
            "CPU of each primary",
            "clients",
            "ref µs/mv",
            "Redis µs/mv"
        );
        let live = {
            let seating = Referee::start_with(&url, &env);
            let client = seating.client().await;
            seat_games(std::slice::from_ref(&client), GAMES, 32).await
        };
        // What the primaries spend with nothing to do, which is not a move's cost.
        let idle = {
            let before = cpu_of(&primaries);
            tokio::time::sleep(std::time::Duration::from_secs(2)).await;
            let after = cpu_of(&primaries);
            before.iter().zip(&after).map(|(a, b)| (b - a) / 2.0).collect::<Vec<f64>>()
        };
        println!("  idle, each primary: {} cores (taken off the Redis µs per move below)", list(&idle));
        'raising: for &n in &counts {
            let referees: Vec<Referee> = (0..n).map(|_| Referee::start_with(&url, &env)).collect();
            let mut clients = Vec::new();
            for r in &referees {
                for _ in 0..CHANNELS_PER_REFEREE {
                    clients.push(r.client().await);
                }
            }
            spread(&live, clients.len()).await;
            let pids: Vec<u32> = referees.iter().map(Referee::pid).collect();
            let setup =
                Setup { live: &live, clients: &clients, pids, primaries: &primaries, servers: &servers, idle: &idle };
            for in_flight in IN_FLIGHT {
                let run = setup.measure(cluster, n, in_flight, moves, false).await;
                print_run(&run, "");
                let saturated = run.saturated();
                runs.push(run);
                if saturated {
                    break 'raising;
                }
            }
            // The same moves with each game's moves through the referees in turn, as behind a
            // balancer that spreads calls: each referee's kept game is a move behind every time
            // (`referee/src/warm.rs`). Shown beside the row above it; not in the model.
            if n > 1 && !cluster {
                let run = setup.measure(cluster, n, IN_FLIGHT[0], moves, true).await;
                print_run(&run, "   <- each game's moves through the referees in turn");
            }
        }
    }

    println!("\ncluster against one primary, same N and moves in flight (measured)");
    for run in runs.iter().filter(|r| r.cluster) {
        let Some(one) = runs.iter().find(|o| !o.cluster && o.referees == run.referees && o.in_flight == run.in_flight)
        else {
            continue;
        };
        println!(
            "  N {:>2}, {:>3} in flight: {:>8.0} against {:>8.0} moves/s   ratio {:.2}",
            run.referees,
            run.in_flight,
            run.rate,
            one.rate,
            run.rate / one.rate
        );
    }
    let saturated = runs.iter().any(|r| !r.cluster && r.saturated());
    let busiest =
        runs.iter().filter(|r| !r.cluster).flat_map(|r| r.primary_cores.iter()).fold(0.0_f64, |a, b| a.max(*b));
    println!(
        "  goal: at least 2.5 once one primary saturates; {}",
        if saturated {
            "one primary saturated above".to_string()
        } else {
            format!(
                "one primary never saturated here (at most {busiest:.2} of a core): the referees and the clients \
                 took the {cores} cores first, so these ratios measure this machine, not the cluster"
            )
        }
    );

    // The model: what the measured costs per move imply on a machine with cores to spare.
    // The least crowded runs (one referee, the fewest in flight) give the costs least inflated
    // by processes waiting for this machine's cores.
    let least = |cluster: bool| runs.iter().find(|r| r.cluster == cluster);
    let (Some(base), Some(spread)) = (least(false), least(true)) else { return };
    let (referee_us, redis_us) = (base.referee_us, base.redis_us);
    let per_referee_core = 1e6 / referee_us;
    let per_primary = 1e6 / redis_us;
    // Each move runs on one primary of the three: the cluster's Redis CPU per move is what the
    // primary that takes it spends on it.
    let per_cluster = 3.0 * 1e6 / spread.redis_us;
    println!("\nMODEL, not a measurement: the capacity the costs per move measured above imply");
    println!(
        "  CPU per move (N {}, {} in flight): referee {referee_us:.0} µs; Redis {redis_us:.0} µs on one primary, \
         {:.0} µs on a cluster primary; the benchmark's clients {:.0} µs",
        base.referees, base.in_flight, spread.redis_us, base.client_us
    );
    println!("  moves/s per referee core              {per_referee_core:>8.0}");
    println!("  moves/s per primary (one core)        {per_primary:>8.0}");
    println!("  referee cores that saturate one primary  {:>5.1}", per_primary / per_referee_core);
    println!(
        "  three-primary cluster                 {per_cluster:>8.0} moves/s ({:.2}× one primary), with {:.1} referee cores",
        per_cluster / per_primary,
        per_cluster / per_referee_core
    );
    println!(
        "  this machine's {cores} cores, shared by clients, referees and Redis: at most {:.0} moves/s whatever the topology",
        cores as f64 * 1e6 / (referee_us + redis_us + base.client_us)
    );
    // The bound at saturation: a busy primary's turns each carry many commands, so what a turn
    // costs whatever it holds (waiting for events, writing and fsyncing the AOF) is shared by
    // more moves, and a move costs nearer its scripts' own time. An upper bound, not a figure.
    let (scripts_one, scripts_cluster) = (base.scripts_us, spread.scripts_us);
    if scripts_one > 0.0 && scripts_cluster > 0.0 {
        println!(
            "  the scripts' own time per move (INFO commandstats): {scripts_one:.0} µs on one primary, {scripts_cluster:.0} µs \
             on a cluster primary; the rest of a primary's CPU per move is its event loop's turns"
        );
        println!(
            "  at most, were a saturated primary's turns all shared: one primary {:.0} moves/s, the cluster {:.0} ({:.2}×)",
            1e6 / scripts_one,
            3e6 / scripts_cluster,
            (3e6 / scripts_cluster) / (1e6 / scripts_one)
        );
    }
}
