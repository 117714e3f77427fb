import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './components/app.tsx';
import { startApp } from './stores/startup.ts';
import './styles/app.css';

const root = document.getElementById('root');
if (root) {
  startApp();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
