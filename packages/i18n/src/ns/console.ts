// The "console" namespace in all 7 locales (files: locales/<lang>/console.json).
import zh from '../../locales/zh/console.json' with { type: 'json' };
import en from '../../locales/en/console.json' with { type: 'json' };
import hk from '../../locales/hk/console.json' with { type: 'json' };
import jp from '../../locales/jp/console.json' with { type: 'json' };
import kor from '../../locales/kor/console.json' with { type: 'json' };
import th from '../../locales/th/console.json' with { type: 'json' };
import ind from '../../locales/ind/console.json' with { type: 'json' };

export default { zh, en, hk, jp, kor, th, ind };
