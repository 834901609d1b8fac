//! Finds libgg by running the `pkg-config` program (no crates can be
//! downloaded, so the `pkg-config` crate is not used) and links the static
//! archive, with the private libraries it needs (`Libs.private`).
//!
//! Environment:
//! - `PKG_CONFIG_PATH`: where gg.pc (or an uninstalled gg-uninstalled.pc) lives.
//! - `PKG_CONFIG`: the pkg-config program to run (default `pkg-config`).
//! - `GG_SYS_LINK=dylib`: link libgg.so instead of libgg.a.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

fn pkg_config(args: &[&str]) -> Result<String, String> {
    let program = env::var("PKG_CONFIG").unwrap_or_else(|_| "pkg-config".to_string());
    let output = Command::new(&program)
        .args(args)
        .output()
        .map_err(|e| format!("cannot run `{program}`: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "`{program} {}` failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    String::from_utf8(output.stdout).map_err(|_| format!("`{program}` printed non-UTF-8 output"))
}

/// (directory, name, kind) of a library given by its path: `/dir/libNAME.so[.N...]` (dylib)
/// or `/dir/libNAME.a` (static); None for anything else.
fn library_file(token: &str) -> Option<(String, String, &'static str)> {
    let path = Path::new(token);
    if !path.is_absolute() {
        return None;
    }
    let dir = path.parent()?.to_str()?.to_string();
    let file = path.file_name()?.to_str()?.strip_prefix("lib")?;
    if let Some(name) = file.strip_suffix(".a") {
        return Some((dir, name.to_string(), "static"));
    }
    let at = file.find(".so")?;
    let (name, rest) = file.split_at(at);
    let version = &rest[3..];
    if name.is_empty() || !(version.is_empty() || version.starts_with('.')) {
        return None;
    }
    Some((dir, name.to_string(), "dylib"))
}

fn main() {
    for var in ["PKG_CONFIG_PATH", "PKG_CONFIG_LIBDIR", "PKG_CONFIG", "GG_SYS_LINK"] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    println!("cargo:rerun-if-changed=build.rs");

    let libs = pkg_config(&["--static", "--libs", "gg"]).unwrap_or_else(|e| {
        panic!(
            "gg-sys: cannot find the gg library through pkg-config ({e}).\n\
             Install gg (cmake --install <build> --prefix <prefix>) and set\n\
             PKG_CONFIG_PATH=<prefix>/lib/pkgconfig (or the lib64/lib/<triple> variant)."
        )
    });
    let want_dylib = env::var("GG_SYS_LINK").map(|v| v == "dylib").unwrap_or(false);

    let mut search: Vec<PathBuf> = Vec::new();
    let mut gg_linked = false;
    for token in libs.split_whitespace() {
        if let Some(dir) = token.strip_prefix("-L") {
            println!("cargo:rustc-link-search=native={dir}");
            search.push(PathBuf::from(dir));
        } else if token == "-lgg" {
            let has_archive = search.iter().any(|d| d.join("libgg.a").is_file());
            if want_dylib || !has_archive {
                if !want_dylib {
                    println!("cargo:warning=gg-sys: no libgg.a next to gg.pc; linking libgg.so dynamically");
                }
                println!("cargo:rustc-link-lib=dylib=gg");
                if let Some(dir) = search.iter().find(|d| d.join("libgg.so").exists()) {
                    println!("cargo:libdir={}", dir.display());
                }
            } else {
                println!("cargo:rustc-link-lib=static=gg");
            }
            gg_linked = true;
        } else if let Some(name) = token.strip_prefix("-l") {
            println!("cargo:rustc-link-lib={name}");
        } else if token == "-pthread" {
            println!("cargo:rustc-link-lib=pthread");
        } else if token == "-fopenmp" {
            println!("cargo:rustc-link-lib=gomp");
        } else if token.starts_with("-Wl,-rpath") || token.starts_with("-Wl,-R") {
            // Only meaningful for the shared library; a static link needs no run path.
        } else if let Some((dir, name, kind)) = library_file(token) {
            // A library named by its path, as CMake writes imported targets (MPI's libmpi.so).
            println!("cargo:rustc-link-search=native={dir}");
            println!("cargo:rustc-link-lib={kind}={name}");
        } else {
            println!("cargo:warning=gg-sys: ignoring linker flag `{token}` from gg.pc");
        }
    }
    if !gg_linked {
        panic!("gg-sys: `pkg-config --libs gg` printed no -lgg: {libs}");
    }
    if let Ok(include) = pkg_config(&["--variable=includedir", "gg"]) {
        let include = include.trim();
        if !include.is_empty() && Path::new(include).join("gg.h").is_file() {
            println!("cargo:include={include}");
        }
    }
}
