//! Serves the built companion app (`pwa/dist`): hashed assets cached for a year, everything
//! else revalidated, and unknown paths answered with `index.html` so the app's own routes work
//! on reload (but unknown `/api/` paths with a JSON 404), compressed as the browser accepts.

use crate::errors::ApiError;
use actix_files::{Files, NamedFile};
use actix_web::dev::{ServiceRequest, ServiceResponse, fn_service};
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::{Compress, Next, from_fn};
use actix_web::{HttpResponse, ResponseError, body::MessageBody, web};
use std::path::{Path, PathBuf};

#[derive(Clone)]
pub struct WebApp {
    dir: Option<PathBuf>,
}

async fn cache_headers(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let immutable = req.path().starts_with("/assets/");
    let mut res = next.call(req).await?;
    let value = if immutable { "public, max-age=31536000, immutable" } else { "no-cache" };
    res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    Ok(res)
}

impl WebApp {
    pub fn new(dir: &Path) -> WebApp {
        let built = dir.join("index.html").is_file();
        if !built {
            tracing::warn!(dir = %dir.display(), "the web app is not built (npm run build in pwa/); serving the API only");
        }
        WebApp { dir: built.then(|| dir.to_path_buf()) }
    }

    pub fn configure(&self, cfg: &mut web::ServiceConfig) {
        match &self.dir {
            Some(dir) => {
                let index = dir.join("index.html");
                // Compressed as the browser accepts (brotli, gzip, zstd): the app's script is a
                // third of its size in gzip.
                cfg.service(web::scope("").wrap(from_fn(cache_headers)).wrap(Compress::default()).service(
                    Files::new("/", dir).index_file("index.html").default_handler(fn_service(
                        move |req: ServiceRequest| {
                            let index = index.clone();
                            async move {
                                let (req, _) = req.into_parts();
                                // The app's routes fall back to its page; the API's never do.
                                if req.path().starts_with("/api/") {
                                    let missing = ApiError::new(
                                        StatusCode::NOT_FOUND,
                                        "not_found",
                                        "There is no such API route; see /api/docs/.",
                                    );
                                    return Ok(ServiceResponse::new(req, missing.error_response()));
                                }
                                let file = NamedFile::open_async(&index).await?;
                                let res = file.into_response(&req);
                                Ok(ServiceResponse::new(req, res))
                            }
                        },
                    )),
                ));
            }
            None => {
                cfg.route(
                    "/",
                    web::get().to(|| async {
                        HttpResponse::Ok()
                            .content_type("text/html; charset=utf-8")
                            .body("<!doctype html><title>Table referee</title><p>The companion app is not built. Run <code>npm ci && npm run build</code> in <code>pwa/</code>. The API is at <a href=\"/api/docs/\">/api/docs/</a>.")
                    }),
                );
            }
        }
    }
}
