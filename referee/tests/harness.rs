//! The referee beside other programs and its tests: a referee that cannot listen says where
//! and why at once, and a process a test starts never outlives the test.

#[path = "support/mod.rs"]
mod support;

use std::net::TcpListener;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// `referee serve` with `env`, waited for at most 10 s: its exit code and what it said.
fn serve_until_exit(env: &[(&str, &str)]) -> (Option<i32>, String, Duration) {
    let started = Instant::now();
    let mut child = support::owned(
        Command::new(env!("CARGO_BIN_EXE_referee"))
            .arg("serve")
            // No Redis answers here: a referee that waited for it first would not exit at once.
            .env("REDIS_URL", "redis://127.0.0.1:1")
            .env("RUST_LOG", "warn")
            .envs(env.iter().copied())
            .stdout(Stdio::null())
            .stderr(Stdio::piped()),
    )
    .spawn()
    .unwrap();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).trim().to_string(), started.elapsed())
}

#[test]
fn a_taken_address_is_named_with_its_setting_and_the_referee_exits_at_once() {
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let free = format!("127.0.0.1:{}", support::free_port());
    let (code, said, took) = serve_until_exit(&[("REFEREE_ADDR", &addr), ("REFEREE_METRICS_ADDR", "off")]);
    assert_eq!(code, Some(1), "{said}");
    assert_eq!(
        said.lines().last().unwrap_or_default(),
        format!(
            "referee: cannot listen on {addr} (REFEREE_ADDR): the address is in use (another program listens there: stop it, or set REFEREE_ADDR to another port)"
        )
    );
    assert!(took < Duration::from_secs(5), "it did not wait for Redis first: {took:?}");
    let (code, said, _) = serve_until_exit(&[("REFEREE_ADDR", &free), ("REFEREE_METRICS_ADDR", &addr)]);
    assert_eq!(code, Some(1), "{said}");
    assert!(
        said.contains(&format!("referee: cannot listen on {addr} (REFEREE_METRICS_ADDR): the address is in use")),
        "{said}"
    );
}

#[test]
fn a_process_a_test_starts_dies_with_the_thread_that_started_it() {
    // A thread stands for a test: it starts a long-lived process and ends without stopping it.
    let mut child =
        std::thread::spawn(|| support::owned(Command::new("sleep").arg("600")).spawn().unwrap()).join().unwrap();
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(started.elapsed() < Duration::from_secs(5), "the process outlived the thread that started it");
        std::thread::sleep(Duration::from_millis(20));
    };
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(status.signal(), Some(libc::SIGKILL));
}
