// Bundled by the spec with esbuild: the Storage SDK calls the browser check drives.
import { initializeApp } from "firebase/app";
import {
  connectStorageEmulator,
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  getStorage,
  listAll,
  ref,
  uploadBytes,
  uploadBytesResumable,
  type FirebaseStorage,
} from "firebase/storage";

declare global {
  interface Window {
    storageCheck: {
      init(port: number, bucket: string): void;
      upload(name: string, bytes: number[], contentType: string): Promise<number>;
      uploadResumable(name: string, size: number): Promise<{ size: number; progress: number[] }>;
      read(name: string): Promise<number[]>;
      url(name: string): Promise<string>;
      contentType(name: string): Promise<string | undefined>;
      list(prefix: string): Promise<string[]>;
      remove(name: string): Promise<void>;
      showImage(url: string): Promise<{ width: number; height: number }>;
    };
  }
}

let storage: FirebaseStorage;
const pattern = (size: number) => Uint8Array.from({ length: size }, (_, i) => (i * 7 + (i >> 8)) & 0xff);

window.storageCheck = {
  init(port, bucket) {
    const app = initializeApp({ projectId: "demo-portfolio", apiKey: "demo-api-key", storageBucket: bucket });
    storage = getStorage(app);
    connectStorageEmulator(storage, "127.0.0.1", port);
  },
  async upload(name, bytes, contentType) {
    return (await uploadBytes(ref(storage, name), new Uint8Array(bytes), { contentType })).metadata.size;
  },
  async uploadResumable(name, size) {
    const progress: number[] = [];
    const bytes = pattern(size);
    const task = uploadBytesResumable(ref(storage, name), bytes, { contentType: "image/jpeg", cacheControl: "public, max-age=31536000, immutable" });
    task.on("state_changed", (s) => progress.push(s.bytesTransferred));
    const done = await task;
    const back = new Uint8Array(await getBytes(ref(storage, name)));
    const same = back.length === size && back.every((b, i) => b === bytes[i]);
    return { size: same ? done.metadata.size : -1, progress };
  },
  async read(name) {
    return [...new Uint8Array(await getBytes(ref(storage, name)))];
  },
  url: (name) => getDownloadURL(ref(storage, name)),
  contentType: async (name) => (await getMetadata(ref(storage, name))).contentType,
  list: async (prefix) => (await listAll(ref(storage, prefix))).items.map((i) => i.fullPath),
  remove: (name) => deleteObject(ref(storage, name)),
  showImage: (url) =>
    new Promise((resolve, reject) => {
      const img = document.createElement("img");
      img.alt = "check";
      img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
      img.onerror = () => reject(new Error(`the image did not load: ${url}`));
      img.src = url;
      document.body.append(img);
    }),
};
