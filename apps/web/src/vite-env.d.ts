/// <reference types="vite/client" />

/** Build-time settings of the web app (see src/app/config.ts); each is optional. */
interface ImportMetaEnv {
  readonly VITE_APP_DOWNLOAD_IOS?: string;
  readonly VITE_APP_DOWNLOAD_ANDROID?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
