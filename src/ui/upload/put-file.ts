export interface PutResult {
  status: number;
  body: string;
}

/**
 * PUTs a file's bytes as application/octet-stream to a signed upload URL, reporting
 * progress as a fraction. XMLHttpRequest because fetch has no upload progress.
 */
export function putFile(url: string, file: Blob, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<PutResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
    xhr.onerror = () => reject(new Error('network'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** The job id an upload answer carries (`{jobId}`), if any. */
export function jobIdOf(body: string): number | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'jobId' in parsed && typeof parsed.jobId === 'number') return parsed.jobId;
  } catch {
    // an answer without a body is a plain success
  }
  return undefined;
}
