import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { wireReplyNotices } from './app/reply-notices';
import { initI18n } from './shared/i18n/i18n';
import { applyTheme } from './shared/theme/theme';
import './shared/theme/theme.css';

// Theme and language are settled before the first paint, so nothing flashes in the wrong ones.
applyTheme();
// The API layer's global replies reach the user through the toast and confirm dialog.
wireReplyNotices();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
void initI18n().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
