// The "errors" namespace in all 7 locales (files: locales/<lang>/errors.json).
import zh from '../../locales/zh/errors.json' with { type: 'json' };
import en from '../../locales/en/errors.json' with { type: 'json' };
import hk from '../../locales/hk/errors.json' with { type: 'json' };
import jp from '../../locales/jp/errors.json' with { type: 'json' };
import kor from '../../locales/kor/errors.json' with { type: 'json' };
import th from '../../locales/th/errors.json' with { type: 'json' };
import ind from '../../locales/ind/errors.json' with { type: 'json' };

export default { zh, en, hk, jp, kor, th, ind };
